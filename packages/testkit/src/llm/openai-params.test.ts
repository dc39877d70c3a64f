import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAiParamsProblem, reasoningFor } from './openai-shapes';
import { type FakeLlm, startFakeLlm } from './start-fake-llm';

describe('the fake OpenAI refuses the reasoning settings the API refuses', () => {
  it('knows each family: efforts, temperatures, defaults', () => {
    const problem = (body: Record<string, unknown>) => openAiParamsProblem(body)?.param ?? null;
    expect(problem({ model: 'gpt-6-luna', reasoning_effort: 'minimal' })).toBe('reasoning_effort');
    expect(problem({ model: 'gpt-6-luna', reasoning_effort: 'none' })).toBeNull();
    expect(problem({ model: 'gpt-6-luna', reasoning_effort: 'max' })).toBeNull();
    expect(problem({ model: 'gpt-6-luna', temperature: 0.3 })).toBe('temperature');
    expect(problem({ model: 'gpt-6-luna', reasoning_effort: 'none', temperature: 0.3 })).toBeNull();
    expect(problem({ model: 'gpt-5.1', temperature: 0.3 })).toBeNull();
    expect(problem({ model: 'gpt-5.1', reasoning_effort: 'xhigh' })).toBe('reasoning_effort');
    expect(problem({ model: 'gpt-5-mini', reasoning_effort: 'none' })).toBe('reasoning_effort');
    expect(problem({ model: 'gpt-5-mini-2025-08-07', reasoning_effort: 'minimal' })).toBeNull();
    expect(problem({ model: 'gpt-5-mini', reasoning_effort: 'minimal', temperature: 0.3 })).toBe(
      'temperature',
    );
    expect(problem({ model: 'o3', reasoning_effort: 'minimal' })).toBe('reasoning_effort');
    expect(problem({ model: 'gpt-6-pro', reasoning_effort: 'low' })).toBe('reasoning_effort');
    expect(problem({ model: 'gpt-4o-mini', temperature: 0.3 })).toBeNull();
    expect(problem({ model: 'fake-model', reasoning_effort: 'minimal', temperature: 0.3 })).toBeNull();
    expect(reasoningFor(400, undefined, 'gpt-6-luna')).toBe(400);
    expect(reasoningFor(400, undefined, 'gpt-5.1')).toBe(0);
    expect(reasoningFor(400, 'none', 'gpt-6-luna')).toBe(0);
  });

  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm({ latencyMs: 0, reasoningTokens: 100 });
  });
  afterAll(() => llm.close());

  type Completion = { usage: { completion_tokens_details: { reasoning_tokens: number } } };
  const post = (body: Record<string, unknown>) =>
    fetch(`${llm.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Hello there' }], ...body }),
    });

  it('answers a refused setting with a 400 naming the parameter, and charges reasoning by default', async () => {
    const refused = await post({ model: 'gpt-6-luna', reasoning_effort: 'minimal' });
    expect(refused.status).toBe(400);
    const error = ((await refused.json()) as { error: { message: string } }).error;
    expect(error).toMatchObject({ type: 'invalid_request_error', param: 'reasoning_effort' });
    expect(error.message).toContain("'minimal' is not supported with the 'gpt-6-luna' model");
    const thinking = (await (await post({ model: 'gpt-6-luna' })).json()) as Completion;
    expect(thinking.usage.completion_tokens_details.reasoning_tokens).toBe(100);
    const quiet = (await (
      await post({ model: 'gpt-6-luna', reasoning_effort: 'none' })
    ).json()) as Completion;
    expect(quiet.usage.completion_tokens_details.reasoning_tokens).toBe(0);
  });
});
