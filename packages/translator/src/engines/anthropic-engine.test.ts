import { reverseWords, startFakeAnthropic } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTranslatorError } from '../errors';
import { blocksOf, type JsonReply, serveJson } from '../testing/serve-json';
import { emptyUsage } from '../usage';
import { createAnthropicEngine } from './anthropic-engine';

// A local server speaking the Messages API; the model name picks the behaviour under test.
function reply(model: string, prompt: string): JsonReply {
  const error = (status: number, type: string, message: string, headers?: Record<string, string>) => ({
    status,
    headers,
    body: { type: 'error', error: { type, message } },
  });
  if (model === 'rate')
    return error(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit', {
      'retry-after': '7',
    });
  if (model === 'overloaded') return error(529, 'overloaded_error', 'Overloaded');
  if (model === 'badkey') return error(401, 'authentication_error', 'invalid x-api-key');
  if (model === 'credit')
    return error(400, 'invalid_request_error', 'Your credit balance is too low to access the Anthropic API.');
  if (model === 'long')
    return error(400, 'invalid_request_error', 'prompt is too long: 250000 tokens > 200000 maximum');
  const blocks = Object.fromEntries(Object.entries(blocksOf(prompt)).map(([k, v]) => [k, reverseWords(v)]));
  const stop = model === 'truncated' ? 'max_tokens' : model === 'refusal' ? 'refusal' : 'end_turn';
  return {
    body: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text: JSON.stringify(blocks) }],
      stop_reason: stop,
      stop_sequence: null,
      usage: { input_tokens: 120, output_tokens: 30, cache_read_input_tokens: 80 },
    },
  };
}

describe('anthropic engine against a local Messages API', () => {
  let server: Awaited<ReturnType<typeof serveJson>>;
  beforeAll(async () => {
    server = await serveJson(({ body }) => {
      const request = body as { model: string; messages: { content: string }[] };
      return reply(request.model, request.messages[0]?.content ?? '');
    });
  });
  afterAll(() => server.close());

  const translate = (model: string) => {
    const engine = createAnthropicEngine({ apiKey: 'k', baseUrl: server.url, model });
    const usage = emptyUsage();
    return {
      usage,
      result: engine.translate({ blocks: { '1': '<g1>Hello</g1> world.' }, from: 'en', to: 'es', usage }),
    };
  };

  it('translates and counts cached input tokens', async () => {
    const { usage, result } = translate('claude-test');
    expect(await result).toEqual({ '1': '<g1>olleH</g1> dlrow.' });
    expect(usage).toMatchObject({ requests: 1, inputTokens: 200, outputTokens: 30 });
    const sent = server.requests.at(-1)?.body as { system: { cache_control?: unknown }[] };
    expect(sent.system[0]?.cache_control).toEqual({ type: 'ephemeral' });
  });

  it('reports the cost when the price is known', async () => {
    const price = { inputPerMillion: 3, outputPerMillion: 15 };
    const engine = createAnthropicEngine({ apiKey: 'k', baseUrl: server.url, model: 'claude-test', price });
    const usage = emptyUsage();
    await engine.translate({ blocks: { '1': 'Hello.' }, from: 'en', to: 'es', usage });
    expect(usage.costUsd).toBeCloseTo((200 * 3 + 30 * 15) / 1_000_000, 10);
  });

  it.each([
    ['rate', 'rate_limited', true],
    ['overloaded', 'overloaded', true],
    ['badkey', 'auth_failed', false],
    ['credit', 'quota_exhausted', false],
    ['long', 'context_length', false],
    ['truncated', 'truncated', false],
    ['refusal', 'refused', true],
  ])('maps %s to %s', async (model, code, retryable) => {
    const error = await translate(model).result.catch((e: unknown) => e);
    expect(isTranslatorError(error) && error.code).toBe(code);
    expect(isTranslatorError(error) && error.retryable).toBe(retryable);
    if (model === 'rate') expect(isTranslatorError(error) && error.retryAfterMs).toBe(7000);
  });
});

describe('anthropic engine against the fake Anthropic server, through the official SDK', () => {
  it('translates, reports usage as the fake counted it, and maps a wrong key and a cut reply', async () => {
    const fake = await startFakeAnthropic({ apiKey: 'k', seed: 1 });
    try {
      const engine = createAnthropicEngine({ apiKey: 'k', baseUrl: fake.url, model: 'claude-test' });
      const usage = emptyUsage();
      const blocks = { '1': '<g1>Hello</g1> world.', '2': 'The old man.' };
      expect(await engine.translate({ blocks, from: 'en', to: 'es', usage })).toEqual({
        '1': '<g1>olleH</g1> dlrow.',
        '2': 'ehT dlo nam.',
      });
      const stats = fake.stats();
      expect(usage).toMatchObject({
        requests: 1,
        inputTokens: stats.input_tokens,
        outputTokens: stats.output_tokens,
      });
      expect(fake.received()[0]?.[0]?.role).toBe('system');
      const wrong = createAnthropicEngine({ apiKey: 'nope', baseUrl: fake.url, model: 'claude-test' });
      const refused = await wrong.translate({ blocks, from: 'en', to: 'es', usage }).catch((e: unknown) => e);
      expect(isTranslatorError(refused) && refused.code).toBe('auth_failed');
      fake.configure({ refusalRate: 1 });
      const refusal = await engine
        .translate({ blocks, from: 'en', to: 'es', usage })
        .catch((e: unknown) => e);
      expect(isTranslatorError(refusal) && refusal.code).toBe('refused');
    } finally {
      await fake.close();
    }
  });
});
