import { reverseWords, startFakeGemini } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_MODELS } from '../create-engine';
import { isTranslatorError } from '../errors';
import { blocksOf, type JsonReply, serveJson } from '../testing/serve-json';
import { emptyUsage } from '../usage';
import { geminiContentParams, thinkingConfig } from './gemini-chat';
import { createGeminiEngine } from './gemini-engine';

// A local server speaking generateContent; the model name in the path picks the behaviour.
function reply(model: string, prompt: string): JsonReply {
  const error = (code: number, status: string, message: string) => ({
    status: code,
    body: { error: { code, status, message } },
  });
  if (model === 'rate')
    return error(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).');
  if (model === 'daily') {
    return error(
      429,
      'RESOURCE_EXHAUSTED',
      'Quota exceeded for metric: generate_content_free_tier_requests, limit: GenerateRequestsPerDayPerProjectPerModel',
    );
  }
  if (model === 'badkey')
    return error(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
  if (model === 'unavailable')
    return error(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.');
  const blocks = Object.fromEntries(Object.entries(blocksOf(prompt)).map(([k, v]) => [k, reverseWords(v)]));
  const finishReason =
    { truncated: 'MAX_TOKENS', recitation: 'RECITATION', safety: 'SAFETY' }[model] ?? 'STOP';
  return {
    body: {
      candidates: [
        { content: { role: 'model', parts: [{ text: JSON.stringify(blocks) }] }, finishReason, index: 0 },
      ],
      usageMetadata: { promptTokenCount: 90, candidatesTokenCount: 20, totalTokenCount: 110 },
    },
  };
}

describe('gemini engine against a local generateContent API', () => {
  let server: Awaited<ReturnType<typeof serveJson>>;
  beforeAll(async () => {
    server = await serveJson(({ path, body }) => {
      const model = /models\/([^:]+):/.exec(path)?.[1] ?? '';
      const request = body as { contents: { parts: { text: string }[] }[] };
      return reply(model, request.contents[0]?.parts[0]?.text ?? '');
    });
  });
  afterAll(() => server.close());

  const translate = (model: string) => {
    const engine = createGeminiEngine({ apiKey: 'k', baseUrl: server.url, model });
    const usage = emptyUsage();
    return {
      usage,
      result: engine.translate({ blocks: { '1': 'Good <x1/>morning' }, from: 'en', to: 'de', usage }),
    };
  };

  it('translates with JSON output and reports usage', async () => {
    const { usage, result } = translate('gemini-test');
    expect(await result).toEqual({ '1': 'dooG <x1/>gninrom' });
    expect(usage).toMatchObject({ requests: 1, inputTokens: 90, outputTokens: 20 });
    const sent = server.requests.at(-1)?.body as { generationConfig: { responseMimeType: string } };
    expect(sent.generationConfig.responseMimeType).toBe('application/json');
  });

  it.each([
    ['rate', 'rate_limited'],
    ['daily', 'quota_exhausted'],
    ['badkey', 'auth_failed'],
    ['unavailable', 'overloaded'],
    ['truncated', 'truncated'],
    ['recitation', 'refused'],
    ['safety', 'refused'],
  ])('maps %s to %s', async (model, code) => {
    const error = await translate(model).result.catch((e: unknown) => e);
    expect(isTranslatorError(error) && error.code).toBe(code);
  });

  it('makes one request per call: the client retries are off', async () => {
    const before = server.requests.length;
    await translate('unavailable').result.catch(() => undefined);
    expect(server.requests.length - before).toBe(1);
  });
});

describe('gemini engine against the fake Gemini server, through the official SDK', () => {
  it('translates with a thinking budget of 0, reports usage as the fake counted it, and maps a wrong key', async () => {
    const fake = await startFakeGemini({ apiKey: 'k', seed: 1, reasoningTokens: 40 });
    try {
      const engine = createGeminiEngine({ apiKey: 'k', baseUrl: fake.url, model: 'gemini-2.5-flash' });
      const usage = emptyUsage();
      const blocks = { '1': 'Good <x1/>morning', '2': 'The old man.' };
      expect(await engine.translate({ blocks, from: 'en', to: 'de', usage })).toEqual({
        '1': 'dooG <x1/>gninrom',
        '2': 'ehT dlo nam.',
      });
      const stats = fake.stats();
      expect(usage).toMatchObject({
        requests: 1,
        inputTokens: stats.input_tokens,
        outputTokens: stats.output_tokens,
      });
      expect(stats.reasoning_tokens).toBe(0);
      const thinking = createGeminiEngine({
        apiKey: 'k',
        baseUrl: fake.url,
        model: 'gemini-2.5-flash',
        reasoningEffort: 'low',
      });
      const thought = emptyUsage();
      await thinking.translate({ blocks, from: 'en', to: 'de', usage: thought });
      expect(thought.reasoningTokens).toBe(40);
      const wrong = createGeminiEngine({ apiKey: 'nope', baseUrl: fake.url, model: 'gemini-2.5-flash' });
      const refused = await wrong.translate({ blocks, from: 'en', to: 'de', usage }).catch((e: unknown) => e);
      expect(isTranslatorError(refused) && refused.code).toBe('auth_failed');
    } finally {
      await fake.close();
    }
  });
});

describe('Gemini 3 by default: thinking levels, not budgets (decision 307)', () => {
  it('asks Flash for MINIMAL and Pro for LOW, an effort as its level, and leaves the temperature alone', () => {
    expect(DEFAULT_MODELS.gemini).toBe('gemini-3.5-flash');
    expect(thinkingConfig('gemini-3.5-flash', undefined)).toEqual({
      thinkingConfig: { thinkingLevel: 'MINIMAL' },
    });
    expect(thinkingConfig('gemini-3.1-pro-preview', 'none')).toEqual({
      thinkingConfig: { thinkingLevel: 'LOW' },
    });
    expect(thinkingConfig('gemini-3.5-flash', 'high')).toEqual({ thinkingConfig: { thinkingLevel: 'HIGH' } });
    expect(thinkingConfig('gemini-3.5-flash', 'provider')).toEqual({});
    const request = { system: 'S', user: 'U', maxOutputTokens: 100 };
    expect(
      geminiContentParams({ ...request, model: 'gemini-3.5-flash' }, undefined).config.temperature,
    ).toBeUndefined();
    expect(geminiContentParams({ ...request, model: 'gemini-2.5-flash' }, undefined).config.temperature).toBe(
      0.3,
    );
  });

  it('translates on the default model without thinking; left to the provider it thinks at MEDIUM', async () => {
    const fake = await startFakeGemini({ apiKey: 'k', seed: 3, reasoningTokens: 40 });
    try {
      const blocks = { '1': 'The old man.' };
      const run = async (reasoningEffort?: 'provider' | 'high') => {
        const engine = createEngine({ engine: 'gemini', baseUrl: fake.url, apiKey: 'k', reasoningEffort });
        const usage = emptyUsage();
        expect(await engine.translate({ blocks, from: 'en', to: 'de', usage })).toEqual({
          '1': 'ehT dlo nam.',
        });
        return usage.reasoningTokens ?? 0;
      };
      expect(await run()).toBe(0);
      expect(await run('provider')).toBe(40);
      expect(await run('high')).toBe(80);
      // The fake refuses what the API refuses: a level before Gemini 3, MINIMAL on Pro.
      const older = createGeminiEngine({ apiKey: 'k', baseUrl: fake.url, model: 'gemini-2.5-flash' });
      expect(await older.translate({ blocks, from: 'en', to: 'de', usage: emptyUsage() })).toEqual({
        '1': 'ehT dlo nam.',
      });
      const response = await fetch(`${fake.url}/v1beta/models/gemini-3.1-pro-preview:generateContent?key=k`, {
        method: 'POST',
        body: JSON.stringify({
          contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
          generationConfig: { thinkingConfig: { thinkingLevel: 'MINIMAL' } },
        }),
      });
      expect(response.status).toBe(400);
    } finally {
      await fake.close();
    }
  });
});
