import { randomUUID } from 'node:crypto';
import { createBatchClient } from '@booktranslate/translator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { economyBatches } from '../../../db/schema/economy-batches';
import { translationBlocks } from '../../../db/schema/translation-blocks';
import { type PipelineHarness, startPipelineHarness } from '../../../testing/pipeline-test-kit';
import { createEngineSelector } from '../engines/engine-selection';
import type { PipelineDeps } from '../pipeline/pipeline-deps';
import { queueJobSender } from '../pipeline/pipeline-queue';
import { economyDepsOf } from './economy-settings';
import { pollEconomyBatches } from './poll-economy-batches';
import { SETTLE_MS } from './resolve-submitting-batch';
import { submitEconomyBatches } from './submit-economy-batches';

import { batchesOf, METRICS, row, startEconomy, until } from './testing/economy-kit';

describe('the economy lane on the OpenAI batch fake', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({
      llm: { latencyMs: 0, batchDelayMs: 300, seed: 3 },
      env: {
        ECONOMY_LANE: 'batch',
        ECONOMY_POLL_SECONDS: '1',
        ECONOMY_BATCH_REQUESTS: '2',
        OPENAI_MODEL: 'gpt-4.1-mini',
        TRANSLATION_CONCURRENCY: '4',
        METRICS_TOKEN: METRICS,
      },
    });
  }, 120_000);
  afterAll(() => h?.close());

  it('offers economy in the public config and the quote', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/v1/config/public' })).json().economy_lane).toBe(
      true,
    );
  });

  it('translates every block through provider batches, says it waits for them, and counts the cost saved', async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    h.llm.resetStats();
    const id = await startEconomy(user);
    const waiting = await until('the batch wait', async () => {
      const t = (await user.client.get(`/translations/${id}/`)).json();
      return t.waiting_for === 'provider_batch' ? t : undefined;
    });
    expect(waiting.status_detail).toBe("Waiting for the provider's batch (economy lane)");
    expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');

    const t = await row(h, id);
    const blocks = await h.handle.db
      .select()
      .from(translationBlocks)
      .where(eq(translationBlocks.translationId, id));
    expect(blocks.length).toBeGreaterThan(0);
    const report = (await user.client.get(`/translations/${id}/report/`)).json();
    expect(report.blocks_translated).toBe(report.blocks_total);
    const stats = h.llm.stats();
    const batches = await batchesOf(h, id);
    // At most two requests per batch: several batches, every one answered and closed.
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.every((b) => b.state === 'done' && b.requests <= 2)).toBe(true);
    expect(stats.batches).toBe(batches.length);
    const requests = batches.reduce((sum, b) => sum + b.requests, 0);
    expect(stats.batch_requests).toBe(requests);
    // No block went to the standard lane: the chat requests are the analysis (brief and summary) and
    // the titles only.
    expect(stats.requests).toBe(3);
    expect(requests / blocks.length).toBeLessThanOrEqual(1);
    expect(t.providerInputTokens).toBeGreaterThanOrEqual(stats.batch_input_tokens);
    expect(t.providerCostSavedUsd).toBeGreaterThan(0);
    expect(report.provider).toMatchObject({ lane: 'economy' });
    expect(report.provider.cost_saved_usd).toBeGreaterThan(0);
    expect(report.provider.input_tokens).toBe(t.providerInputTokens);
    expect(report.provider.reasoning_tokens).toBe(t.providerReasoningTokens);
    const done = (await user.client.get(`/translations/${id}/`)).json();
    expect(done).toMatchObject({ lane: 'economy', waiting_for: null, status_detail: null });
    const metrics = await h.app.inject({ method: 'GET', url: '/metrics' });
    if (metrics.statusCode === 200)
      expect(metrics.body).toContain('booktranslate_provider_cost_saved_usd_total');
  }, 120_000);

  /** One economy translation to Completed with the fake's faults set, every block translated. */
  async function completedWith(
    faults: Parameters<typeof h.llm.configure>[0],
    undo: Parameters<typeof h.llm.configure>[0],
    check: (id: string) => Promise<void>,
  ): Promise<void> {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    h.llm.configure(faults);
    h.llm.resetStats();
    try {
      const id = await startEconomy(user);
      expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');
      const report = (await user.client.get(`/translations/${id}/report/`)).json();
      expect(report.blocks_translated).toBe(report.blocks_total);
      await check(id);
    } finally {
      h.llm.configure(undo);
    }
  }

  it('asks the standard lane only for the blocks of failed requests', async () => {
    await completedWith({ batchFailRate: 0.5 }, { batchFailRate: 0 }, async () => {
      const stats = h.llm.stats();
      const failed = stats.by_status['500'] ?? 0;
      expect(stats.batch_requests).toBeGreaterThan(0);
      // Some requests failed in the batch and were asked again on their own: as many chat requests
      // as failed batch requests (each a chunk), plus the analysis (brief and summary) and the titles.
      expect(stats.requests - 3).toBeLessThanOrEqual(stats.batch_requests);
      expect(stats.requests).toBeGreaterThan(3);
      expect(failed).toBe(0);
    });
  }, 120_000);

  it('keeps what an expired batch finished and sends the rest to the standard lane', async () => {
    await completedWith({ batchExpire: 0.5 }, { batchExpire: undefined }, async (id) => {
      const batches = await batchesOf(h, id);
      expect(batches.every((b) => b.providerState === 'expired')).toBe(true);
      expect(h.llm.stats().requests).toBeGreaterThan(3);
    });
  }, 120_000);

  it('cancels the open batches of a cancelled translation', async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    h.llm.configure({ batchDelayMs: 60_000 });
    try {
      const id = await startEconomy(user);
      await until('a submitted batch', async () =>
        (await batchesOf(h, id)).some((b) => b.state === 'submitted'),
      );
      expect((await user.client.request('POST', `/translations/${id}/cancel/`)).statusCode).toBe(200);
      const batches = await until('the batches cancelled', async () => {
        const found = await batchesOf(h, id);
        return found.every((b) => b.state === 'cancelled') ? found : undefined;
      });
      const client = economyDepsOf(h.config.translation).client!;
      for (const b of batches.filter((b) => b.providerBatchId)) {
        await until(
          'the provider batch cancelled',
          async () => (await client.status(b.providerBatchId!)).state === 'cancelled',
        );
      }
    } finally {
      h.llm.configure({ batchDelayMs: 300 });
    }
  }, 120_000);

  it('cancels the open batches of a deleted translation', async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    h.llm.configure({ batchDelayMs: 60_000 });
    try {
      const id = await startEconomy(user);
      await until('a submitted batch', async () =>
        (await batchesOf(h, id)).some((b) => b.state === 'submitted'),
      );
      expect((await user.client.request('DELETE', `/translations/${id}/`)).statusCode).toBeLessThan(300);
      await until('the batches cancelled', async () =>
        (await batchesOf(h, id)).every((b) => b.state === 'cancelled'),
      );
    } finally {
      h.llm.configure({ batchDelayMs: 300 });
    }
  }, 120_000);
});

describe('the economy lane survives crashes and its deadline', () => {
  let h: PipelineHarness;
  let deps: PipelineDeps;
  beforeAll(async () => {
    // Polls are left to the test: the worker's first one would come after an hour.
    h = await startPipelineHarness({
      llm: { latencyMs: 0, batchDelayMs: 200, seed: 5 },
      env: { ECONOMY_LANE: 'batch', ECONOMY_POLL_SECONDS: '3600', OPENAI_MODEL: 'gpt-4.1-mini' },
    });
    deps = {
      db: h.handle.db,
      files: h.storage,
      jobs: queueJobSender(h.queue),
      engineFor: createEngineSelector(h.config.translation),
      now: () => new Date(),
      concurrency: 8,
      economy: economyDepsOf(h.config.translation),
    };
  }, 120_000);
  afterAll(() => h?.close());

  const submitted = (id: string) =>
    until('the submitted batch', async () => {
      const found = await batchesOf(h, id);
      return found.length > 0 && found.every((b) => b.state === 'submitted') ? found : undefined;
    });

  it('never submits twice, and a poll that died after reading the results loses no block and counts once', async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    h.llm.resetStats();
    const id = await startEconomy(user);
    const [batch] = await submitted(id);
    const ref = { translationId: id, run: 1 };
    // The submit step run again (a retry after a crash): nothing new goes to the provider.
    await submitEconomyBatches(deps, ref);
    expect(h.llm.stats().batches).toBe(1);
    await until(
      'the provider batch',
      async () => (await deps.economy!.client!.status(batch!.providerBatchId!)).state === 'ended',
    );
    // Killed after reading the results, before saving any block.
    const dying = {
      ...deps,
      engineFor: async () => {
        throw new Error('worker killed');
      },
    };
    await expect(pollEconomyBatches(dying, ref)).rejects.toThrow('worker killed');
    expect(
      await h.handle.db.select().from(translationBlocks).where(eq(translationBlocks.translationId, id)),
    ).toEqual([]);
    await pollEconomyBatches(deps, ref);
    const tokens = (await row(h, id)).providerInputTokens;
    await pollEconomyBatches(deps, ref);
    expect((await row(h, id)).providerInputTokens).toBe(tokens);
    expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');
    const report = (await user.client.get(`/translations/${id}/report/`)).json();
    expect(report.blocks_translated).toBe(report.blocks_total);
    const stats = h.llm.stats();
    expect(stats.batches).toBe(1);
    // The analysis (brief and summary) and the titles.
    expect(stats.requests).toBe(3);
  }, 120_000);

  it('finds a batch accepted but never given its id by its label, and asks the standard lane for nothing', async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    h.llm.resetStats();
    const id = await startEconomy(user);
    const [batch] = await submitted(id);
    // As if the submit step died after the provider accepted the batch, before writing its id.
    await h.handle.db
      .update(economyBatches)
      .set({ state: 'submitting', providerBatchId: null })
      .where(eq(economyBatches.id, batch!.id));
    await submitEconomyBatches(deps, { translationId: id, run: 1 });
    expect((await batchesOf(h, id))[0]).toMatchObject({
      state: 'submitted',
      providerBatchId: batch!.providerBatchId,
    });
    await until(
      'the provider batch',
      async () => (await deps.economy!.client!.status(batch!.providerBatchId!)).state === 'ended',
    );
    await pollEconomyBatches(deps, { translationId: id, run: 1 });
    expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');
    const report = (await user.client.get(`/translations/${id}/report/`)).json();
    expect(report.blocks_translated).toBe(report.blocks_total);
    expect((await batchesOf(h, id))[0]?.state).toBe('done');
    // One batch, and the analysis (brief and summary) and the titles as the only chat requests.
    expect(h.llm.stats()).toMatchObject({ batches: 1, requests: 3 });
  }, 120_000);

  it('hands a batch the provider never took to the standard lane once a lookup can be believed', async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    h.llm.resetStats();
    const id = await startEconomy(user);
    const [batch] = await submitted(id);
    // A row whose label names no batch at the provider: as if the create call never arrived.
    await h.handle.db
      .update(economyBatches)
      .set({ id: randomUUID(), state: 'submitting', providerBatchId: null })
      .where(eq(economyBatches.id, batch!.id));
    const ref = { translationId: id, run: 1 };
    await submitEconomyBatches(deps, ref);
    await pollEconomyBatches(deps, ref);
    // A create still on its way could yet land: nothing goes to the standard lane yet.
    expect((await batchesOf(h, id))[0]?.state).toBe('submitting');
    expect(h.llm.stats().requests).toBe(3);
    const settled = { ...deps, now: () => new Date(Date.now() + SETTLE_MS) };
    await pollEconomyBatches(settled, ref);
    expect((await batchesOf(h, id))[0]).toMatchObject({
      state: 'fallen_back',
      providerState: 'never_accepted',
    });
    expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');
    const report = (await user.client.get(`/translations/${id}/report/`)).json();
    expect(report.blocks_translated).toBe(report.blocks_total);
    expect(h.llm.stats().requests).toBeGreaterThan(3);
  }, 120_000);

  it('never reads a failed lookup as "not there": the row waits, and falls back only at its deadline', async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    const id = await startEconomy(user);
    const [batch] = await submitted(id);
    await h.handle.db
      .update(economyBatches)
      .set({ id: randomUUID(), state: 'submitting', providerBatchId: null })
      .where(eq(economyBatches.id, batch!.id));
    // The provider's list cannot be reached: every lookup fails.
    const unreachable = createBatchClient({
      engine: 'openai',
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'm',
    })!;
    const at = (ms: number) => ({
      ...deps,
      economy: { ...deps.economy!, client: unreachable },
      now: () => new Date(Date.now() + ms),
    });
    const ref = { translationId: id, run: 1 };
    await pollEconomyBatches(at(SETTLE_MS + 60_000), ref);
    expect((await batchesOf(h, id))[0]?.state).toBe('submitting');
    await pollEconomyBatches(at(25 * 3_600_000), ref);
    expect((await batchesOf(h, id))[0]).toMatchObject({ state: 'fallen_back', providerState: 'unresolved' });
    expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');
    const report = (await user.client.get(`/translations/${id}/report/`)).json();
    expect(report.blocks_translated).toBe(report.blocks_total);
  }, 120_000);

  it('sends what is unfinished at the deadline to the standard lane', async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    h.llm.configure({ batchDelayMs: 60_000 });
    try {
      const id = await startEconomy(user);
      await submitted(id);
      const late = { ...deps, now: () => new Date(Date.now() + 25 * 3_600_000) };
      await pollEconomyBatches(late, { translationId: id, run: 1 });
      const batches = await batchesOf(h, id);
      expect(batches.every((b) => b.state === 'fallen_back' || b.state === 'done')).toBe(true);
      expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');
      const report = (await user.client.get(`/translations/${id}/report/`)).json();
      expect(report.blocks_translated).toBe(report.blocks_total);
    } finally {
      h.llm.configure({ batchDelayMs: 200 });
    }
  }, 120_000);
});
