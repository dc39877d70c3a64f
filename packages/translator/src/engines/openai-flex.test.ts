import { startFakeLlm } from '@booktranslate/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../create-engine';
import { isTranslatorError } from '../errors';
import { emptyUsage } from '../usage';

const blocks = { '1': 'The old man and the sea.' };
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function translate(options: Parameters<typeof startFakeLlm>[0], serviceTier?: 'flex') {
  const llm = await startFakeLlm({ latencyMs: 0, ...options });
  closers.push(() => llm.close());
  const engine = createEngine({
    engine: 'openai',
    baseUrl: llm.baseURL,
    apiKey: 'k',
    model: 'fake',
    serviceTier,
  });
  const result = await engine
    .translate({ blocks, from: 'en', to: 'es', usage: emptyUsage() })
    .catch((e: unknown) => e);
  return { result, stats: llm.stats() };
}

describe('openai engine on the flex service tier', () => {
  it('asks for service_tier flex when configured, and only then', async () => {
    const flex = await translate({}, 'flex');
    expect(flex.result).toEqual({ '1': 'ehT dlo nam dna eht aes.' });
    expect(flex.stats).toMatchObject({ requests: 1, flex_requests: 1 });
    const standard = await translate({});
    expect(standard.stats).toMatchObject({ requests: 1, flex_requests: 0 });
  });

  it('reads a flex 429 resource_unavailable as a retryable rate limit', async () => {
    const { result } = await translate({ flexUnavailableRate: 1 }, 'flex');
    expect(isTranslatorError(result) && result.code).toBe('rate_limited');
    expect(isTranslatorError(result) && result.retryable).toBe(true);
  });
});
