import { startFakeLlm } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_MODELS } from '../create-engine';
import { knownPrice } from '../known-prices';
import { qaBook } from '../qa/qa-books';
import { translateBook } from '../translate-book';
import { thinkingConfig } from './gemini-chat';
import { openAiFamily } from './openai-chat';
import { reasoningParams } from './openai-engine';

describe('reasoning effort: the least by default, reasoning tokens counted apart', () => {
  it('asks each OpenAI family for the least effort it takes; plain models get a temperature', () => {
    expect(DEFAULT_MODELS.openai).toBe('gpt-6-luna');
    expect(reasoningParams('gpt-6-luna', undefined)).toEqual({ reasoning_effort: 'none' });
    expect(reasoningParams('gpt-6.1-sol', 'minimal')).toEqual({ reasoning_effort: 'none' });
    expect(reasoningParams('gpt-5.4-mini', undefined)).toEqual({ reasoning_effort: 'none' });
    expect(reasoningParams('gpt-5.1-2025-11-13', 'none')).toEqual({ reasoning_effort: 'none' });
    expect(reasoningParams('gpt-6-luna', 'medium')).toEqual({ reasoning_effort: 'medium' });
    expect(reasoningParams('gpt-5-mini', undefined)).toEqual({ reasoning_effort: 'minimal' });
    expect(reasoningParams('gpt-5-nano-2025-08-07', 'none')).toEqual({ reasoning_effort: 'minimal' });
    expect(reasoningParams('o3', 'none')).toEqual({ reasoning_effort: 'low' });
    expect(reasoningParams('gpt-6-pro', undefined)).toEqual({});
    expect(reasoningParams('gpt-5.1-chat-latest', 'low')).toEqual({});
    expect(reasoningParams('gpt-4o-mini', undefined)).toEqual({ temperature: 0.3 });
    expect(openAiFamily('gpt-oss-120b')).toBe('plain');
    expect(reasoningParams('o4-mini', undefined)).toEqual({ reasoning_effort: 'low' });
    expect(reasoningParams('openai/o3', 'high')).toEqual({ reasoning_effort: 'high' });
    expect(reasoningParams('o3', 'provider')).toEqual({});
    expect(reasoningParams('gpt-4.1-mini', undefined)).toEqual({ temperature: 0.3 });
    expect(thinkingConfig('gemini-2.5-flash', undefined)).toEqual({ thinkingConfig: { thinkingBudget: 0 } });
    expect(thinkingConfig('gemini-2.5-pro', undefined)).toEqual({ thinkingConfig: { thinkingBudget: 128 } });
    expect(thinkingConfig('gemini-2.0-flash', undefined)).toEqual({});
  });

  it('the default OpenAI model, which reasons unless told not to, translates a book with no reasoning tokens', async () => {
    const llm = await startFakeLlm({ latencyMs: 0, reasoningTokens: 400 });
    try {
      const book = await qaBook({});
      const engine = createEngine({ engine: 'openai', baseUrl: llm.baseURL, apiKey: 'k' });
      const { report } = await translateBook(book, { engine, to: 'es' });
      expect(llm.stats().by_status).toEqual({ '200': llm.stats().requests });
      expect(report.usage.reasoningTokens ?? 0).toBe(0);
      expect(llm.stats().reasoning_tokens).toBe(0);
      expect(knownPrice(DEFAULT_MODELS.openai!)).toEqual({ inputPerMillion: 0.1, outputPerMillion: 0.5 });
    } finally {
      await llm.close();
    }
  });

  it('spends no reasoning tokens by default, and counts them apart in usage and the report when configured', async () => {
    const llm = await startFakeLlm({ latencyMs: 0, reasoningTokens: 400 });
    try {
      const book = await qaBook({});
      const run = async (reasoningEffort?: 'medium') => {
        llm.resetStats();
        const engine = createEngine({
          engine: 'openai',
          baseUrl: llm.baseURL,
          apiKey: 'k',
          model: 'gpt-5-mini',
          reasoningEffort,
        });
        return (await translateBook(book, { engine, to: 'es' })).report;
      };
      const least = await run();
      expect(least.usage.reasoningTokens ?? 0).toBe(0);
      expect(least.qa.usage?.reasoning_tokens).toBe(0);
      expect(llm.stats().reasoning_tokens).toBe(0);

      const medium = await run('medium');
      const requests = llm.stats().requests;
      expect(medium.usage.reasoningTokens).toBe(400 * requests);
      expect(medium.qa.usage?.reasoning_tokens).toBe(400 * requests);
      expect(medium.usage.outputTokens).toBe(llm.stats().output_tokens);
      expect(medium.usage.outputTokens - least.usage.outputTokens).toBeGreaterThanOrEqual(
        400 * requests - 50,
      );
    } finally {
      await llm.close();
    }
  });
});
