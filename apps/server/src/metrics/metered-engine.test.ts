import { type FakeLlm, startFakeLlm } from '@booktranslate/testkit';
import { createEngine, emptyUsage } from '@booktranslate/translator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meteredEngine } from './metered-engine';
import { providerDuration, providerErrors, providerTokens } from './metrics-registry';

async function value(
  metric: { get(): Promise<{ values: { labels: object; value: number; metricName?: string }[] }> },
  labels: Record<string, string>,
  name?: string,
) {
  const { values } = await metric.get();
  const match = values.find(
    (v) =>
      (name === undefined || v.metricName === name) &&
      Object.entries(labels).every(([k, l]) => (v.labels as Record<string, unknown>)[k] === l),
  );
  return match?.value ?? 0;
}

describe('meteredEngine', () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm({ apiKey: 'right-key' });
  });
  afterAll(() => llm?.close());

  it("counts a call's latency and tokens by engine, and keeps the caller's usage whole", async () => {
    const engine = meteredEngine(
      createEngine({ engine: 'openai', baseUrl: llm.baseURL, apiKey: 'right-key', model: 'fake' }),
    );
    const before = await value(providerTokens, { engine: 'openai', direction: 'out' });
    const usage = emptyUsage();
    const out = await engine.translate({
      blocks: { '1': 'The cat sat on the mat.' },
      from: 'en',
      to: 'es',
      usage,
    });
    expect(Object.keys(out)).toEqual(['1']);
    expect(usage.requests).toBe(1);
    expect(usage.outputTokens).toBeGreaterThan(0);
    const after = await value(providerTokens, { engine: 'openai', direction: 'out' });
    expect(after - before).toBe(usage.outputTokens);
    const count = await value(
      providerDuration,
      { engine: 'openai', operation: 'translate', outcome: 'ok' },
      'booktranslate_provider_request_duration_seconds_count',
    );
    expect(count).toBeGreaterThanOrEqual(1);
  });

  it('counts the reasoning part of a completion apart, within out', async () => {
    llm.configure({ reasoningTokens: 40 });
    try {
      const engine = meteredEngine(
        createEngine({ engine: 'openai', baseUrl: llm.baseURL, apiKey: 'right-key', model: 'fake' }),
      );
      const labels = (direction: string) => ({ engine: 'openai', direction });
      const [reasoningBefore, outBefore] = [
        await value(providerTokens, labels('reasoning')),
        await value(providerTokens, labels('out')),
      ];
      const usage = emptyUsage();
      await engine.translate({ blocks: { '1': 'The dog slept by the door.' }, from: 'en', to: 'es', usage });
      expect(usage.reasoningTokens).toBe(40);
      expect((await value(providerTokens, labels('reasoning'))) - reasoningBefore).toBe(40);
      expect((await value(providerTokens, labels('out'))) - outBefore).toBe(usage.outputTokens);
    } finally {
      llm.configure({ reasoningTokens: 0 });
    }
  });

  it('counts a failed call by its error code', async () => {
    const engine = meteredEngine(
      createEngine({ engine: 'openai', baseUrl: llm.baseURL, apiKey: 'wrong-key', model: 'fake' }),
    );
    const errors = async () =>
      (await providerErrors.get()).values.filter((v) => v.labels.engine === 'openai');
    const before = (await errors()).reduce((n, v) => n + v.value, 0);
    await expect(
      engine.translate({ blocks: { '1': 'Hello.' }, from: 'en', to: 'es', usage: emptyUsage() }),
    ).rejects.toThrow();
    const after = await errors();
    expect(after.reduce((n, v) => n + v.value, 0)).toBe(before + 1);
    expect(after.map((v) => v.labels.code)).not.toContain('unknown');
  });
});
