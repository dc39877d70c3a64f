import Anthropic from '@anthropic-ai/sdk';
import { reverseWords, startFakeAnthropic } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_MODELS } from '../create-engine';
import { isTranslatorError } from '../errors';
import { blocksOf, type JsonReply, serveJson } from '../testing/serve-json';
import { emptyUsage } from '../usage';
import { thinkingParams } from './anthropic-chat';
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

describe('thinking on Claude 5 models: the least by default (decision 307)', () => {
  it('turns each model family off its own way, and gives an asked effort as adaptive thinking', () => {
    expect(DEFAULT_MODELS.anthropic).toBe('claude-sonnet-5-5');
    expect(thinkingParams('claude-sonnet-5-5', undefined)).toEqual({ thinking: { type: 'between_tools' } });
    expect(thinkingParams('claude-sonnet-5-5-20260928', 'none')).toEqual({
      thinking: { type: 'between_tools' },
    });
    expect(thinkingParams('claude-sonnet-5-5', 'medium')).toEqual({ output_config: { effort: 'medium' } });
    expect(thinkingParams('claude-sonnet-5', 'minimal')).toEqual({ thinking: { type: 'disabled' } });
    expect(thinkingParams('claude-haiku-5-5', undefined)).toEqual({ thinking: { type: 'disabled' } });
    expect(thinkingParams('claude-opus-5-5', undefined)).toEqual({ output_config: { effort: 'low' } });
    expect(thinkingParams('claude-sonnet-5-5', 'provider')).toEqual({});
    expect(thinkingParams('claude-sonnet-4-5', undefined)).toEqual({});
    expect(thinkingParams('claude-haiku-4-5', 'high')).toEqual({});
  });

  it('translates on the default model without thinking, and counts thinking apart when an effort is asked', async () => {
    const fake = await startFakeAnthropic({ apiKey: 'k', seed: 2, reasoningTokens: 400 });
    try {
      const blocks = { '1': 'Hello world.', '2': 'The old man.' };
      const run = async (reasoningEffort?: 'medium' | 'provider') => {
        fake.resetStats();
        const engine = createEngine({ engine: 'anthropic', baseUrl: fake.url, apiKey: 'k', reasoningEffort });
        const usage = emptyUsage();
        expect(await engine.translate({ blocks, from: 'en', to: 'es', usage })).toEqual({
          '1': 'olleH dlrow.',
          '2': 'ehT dlo nam.',
        });
        return { usage, stats: fake.stats() };
      };
      const least = await run();
      expect(least.usage.reasoningTokens ?? 0).toBe(0);
      expect(least.stats.reasoning_tokens).toBe(0);
      const medium = await run('medium');
      expect(medium.usage.reasoningTokens).toBe(400);
      expect(medium.usage.outputTokens).toBe(medium.stats.output_tokens);
      // Left to the provider, Sonnet 5.5 thinks at effort high: twice the fake's medium.
      expect((await run('provider')).usage.reasoningTokens).toBe(800);
    } finally {
      await fake.close();
    }
  });

  it('is refused, as by the API, what Sonnet 5.5 does not take: thinking disabled, a temperature', async () => {
    const fake = await startFakeAnthropic({ apiKey: 'k' });
    try {
      const client = new Anthropic({ apiKey: 'k', baseURL: fake.url, maxRetries: 0 });
      const base = {
        model: 'claude-sonnet-5-5',
        max_tokens: 100,
        messages: [{ role: 'user' as const, content: 'Hi' }],
      };
      for (const extra of [{ thinking: { type: 'disabled' as const } }, { temperature: 0.3 }]) {
        const error = await client.messages.create({ ...base, ...extra }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(Anthropic.BadRequestError);
      }
      const older = await client.messages
        .create({ ...base, model: 'claude-haiku-4-5', thinking: { type: 'between_tools' } })
        .catch((e: unknown) => e);
      expect(older).toBeInstanceOf(Anthropic.BadRequestError);
      expect(
        (await client.messages.create({ ...base, thinking: { type: 'between_tools' } })).stop_reason,
      ).toBe('end_turn');
    } finally {
      await fake.close();
    }
  });
});
