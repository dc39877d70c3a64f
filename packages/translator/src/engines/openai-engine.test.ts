import { startFakeLlm } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { isTranslatorError } from '../errors';
import { emptyUsage } from '../usage';
import { createOpenAiEngine } from './openai-engine';

const blocks = { '1': 'The <g1>old</g1> man and the sea.' };

async function attempt(options: Parameters<typeof startFakeLlm>[0], apiKey = 'k', timeoutMs = 2_000) {
  const llm = await startFakeLlm({ latencyMs: 0, ...options });
  try {
    const engine = createOpenAiEngine({ baseUrl: llm.baseURL, apiKey, model: 'fake', timeoutMs });
    const usage = emptyUsage();
    const result = await engine.translate({ blocks, from: 'en', to: 'es', usage }).catch((e: unknown) => e);
    return { result, usage, stats: llm.stats() };
  } finally {
    await llm.close();
  }
}

describe('openai engine against the fake OpenAI-compatible server', () => {
  it('translates and reports the billed tokens', async () => {
    const { result, usage, stats } = await attempt({});
    expect(result).toEqual({ '1': 'ehT <g1>dlo</g1> nam dna eht aes.' });
    expect(usage).toMatchObject({
      requests: 1,
      inputTokens: stats.input_tokens,
      outputTokens: stats.output_tokens,
    });
  });

  it.each([
    ['a wrong key', { apiKey: 'right' }, 'auth_failed'],
    ['an exhausted account', { insufficientQuota: true }, 'quota_exhausted'],
    ['a prompt over the context window', { maxContextTokens: 50 }, 'context_length'],
    ['a server error', { failRate: 1 }, 'overloaded'],
    ['a hung request', { timeoutRate: 1 }, 'timeout'],
    ['a refusal', { refusalRate: 1, seed: 1 }, 'refused'],
  ])('maps %s to %s, with a single request', async (_label, options, code) => {
    const { result, stats } = await attempt(options, 'k', 300);
    expect(isTranslatorError(result) && result.code).toBe(code);
    expect(stats.requests).toBe(1);
  });

  it('reads Retry-After from a 429', async () => {
    const llm = await startFakeLlm({ latencyMs: 300, maxConcurrency: 1, retryAfterSeconds: 3 });
    try {
      const engine = createOpenAiEngine({ baseUrl: llm.baseURL, apiKey: 'k', model: 'fake' });
      const usage = emptyUsage();
      const calls = [1, 2].map(() =>
        engine.translate({ blocks, from: 'en', to: 'es', usage }).catch((e: unknown) => e),
      );
      const limited = (await Promise.all(calls)).find((r) => isTranslatorError(r));
      expect(isTranslatorError(limited) && limited.code).toBe('rate_limited');
      expect(isTranslatorError(limited) && limited.retryAfterMs).toBe(3000);
    } finally {
      await llm.close();
    }
  });
});
