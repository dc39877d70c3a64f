import { type FakeProvider, startFakeAnthropic, startFakeGemini } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PipelineHarness, startPipelineHarness } from '../../../testing/pipeline-test-kit';

import { book, row, startEconomy } from './testing/economy-kit';

describe('the economy lane switched off', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 } });
  }, 120_000);
  afterAll(() => h?.close());

  it('refuses an economy start with 422 and offers only the standard lane', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/v1/config/public' })).json().economy_lane).toBe(
      false,
    );
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    const refused = await user.upload('rivers.txt', book, { target_language: 'es', lane: 'economy' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details).toMatchObject({ field: 'lane', reason: 'economy-lane-off' });
    const started = await user.upload('rivers.txt', book, { target_language: 'es' });
    expect(started.json().data.translation.lane).toBe('standard');
  }, 60_000);
});

describe('the economy lane on the flex tier', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({
      llm: { latencyMs: 0 },
      env: { ECONOMY_LANE: 'flex', OPENAI_MODEL: 'gpt-4.1-mini' },
    });
  }, 120_000);
  afterAll(() => h?.close());

  it('runs the chunk jobs at the flex tier, records half the price as saved, and no batch', async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    h.llm.resetStats();
    const id = await startEconomy(user);
    expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');
    const stats = h.llm.stats();
    expect(stats.batches).toBe(0);
    // Every chunk at flex; the analysis (brief and summary) and the titles at the standard tier.
    expect(stats.flex_requests).toBe(stats.requests - 3);
    expect(stats.flex_requests).toBeGreaterThan(0);
    const t = await row(h, id);
    expect(t.providerCostSavedUsd).toBeGreaterThan(0);
    const report = (await user.client.get(`/translations/${id}/report/`)).json();
    expect(report.blocks_translated).toBe(report.blocks_total);
    expect(report.provider.cost_saved_usd).toBeGreaterThan(0);
  }, 120_000);
});

describe.each([
  { engine: 'anthropic', start: startFakeAnthropic },
  { engine: 'gemini', start: startFakeGemini },
])('the economy lane on the $engine batch fake', ({ engine, start }) => {
  let h: PipelineHarness;
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await start({ apiKey: 'k', batchDelayMs: 300, seed: 9 });
    const upper = engine.toUpperCase();
    h = await startPipelineHarness({
      llm: { latencyMs: 0 },
      env: {
        TRANSLATION_ENGINE: engine,
        [`${upper}_API_KEY`]: 'k',
        [`${upper}_BASE_URL`]: fake.url,
        ECONOMY_LANE: 'batch',
        ECONOMY_POLL_SECONDS: '1',
        TRANSLATION_CONCURRENCY: '4',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('translates every block through its batches, and the failed requests in the standard lane', async () => {
    const user = await h.newUser({ READER: 2 }, { signupCredits: false });
    fake.resetStats();
    const id = await startEconomy(user);
    expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');
    const report = (await user.client.get(`/translations/${id}/report/`)).json();
    expect(report.blocks_translated).toBe(report.blocks_total);
    const clean = fake.stats();
    expect(clean.batches).toBeGreaterThan(0);
    expect(clean.batch_requests).toBeGreaterThan(1);
    // Only the analysis (brief and summary) and the titles went as synchronous requests.
    expect(clean.requests).toBe(3);
    expect(h.llm.stats().requests).toBe(0);

    fake.configure({ batchFailRate: 0.5 });
    fake.resetStats();
    const other = await user.upload('rivers.txt', book, { target_language: 'de', lane: 'economy' });
    const second = other.json().data.translation.id as string;
    expect((await h.followStatuses(user, second)).at(-1)).toBe('completed');
    const again = (await user.client.get(`/translations/${second}/report/`)).json();
    expect(again.blocks_translated).toBe(again.blocks_total);
    expect(fake.stats().requests).toBeGreaterThan(3);
  }, 180_000);
});
