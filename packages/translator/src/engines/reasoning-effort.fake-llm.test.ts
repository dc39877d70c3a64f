import { startFakeLlm } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../create-engine';
import { qaBook } from '../qa/qa-books';
import { translateBook } from '../translate-book';
import { thinkingConfig } from './gemini-chat';
import { reasoningParams } from './openai-engine';

describe('reasoning effort: the least by default, reasoning tokens counted apart', () => {
  it('asks GPT-5 for minimal reasoning and the o-series for low; plain models get a temperature', () => {
    expect(reasoningParams('gpt-5-mini', undefined)).toEqual({ reasoning_effort: 'minimal' });
    expect(reasoningParams('o4-mini', undefined)).toEqual({ reasoning_effort: 'low' });
    expect(reasoningParams('openai/o3', 'high')).toEqual({ reasoning_effort: 'high' });
    expect(reasoningParams('o3', 'provider')).toEqual({});
    expect(reasoningParams('gpt-4.1-mini', undefined)).toEqual({ temperature: 0.3 });
    expect(thinkingConfig('gemini-2.5-flash', undefined)).toEqual({ thinkingConfig: { thinkingBudget: 0 } });
    expect(thinkingConfig('gemini-2.5-pro', undefined)).toEqual({ thinkingConfig: { thinkingBudget: 128 } });
    expect(thinkingConfig('gemini-2.0-flash', undefined)).toEqual({});
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
