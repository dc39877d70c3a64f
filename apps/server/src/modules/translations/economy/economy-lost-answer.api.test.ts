import {
  type FakeLlmStats,
  type FakeProvider,
  type FakeProviderOptions,
  startFakeAnthropic,
  startFakeGemini,
} from '@booktranslate/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translationBlocks } from '../../../db/schema/translation-blocks';
import { type PipelineHarness, startPipelineHarness } from '../../../testing/pipeline-test-kit';
import { batchesOf, startEconomy } from './testing/economy-kit';

type Lost = Pick<FakeProviderOptions, 'batchLostAnswers' | 'batchLostAnswerAs'>;

/** The provider's fake as the test sees it: where to lose answers and what it served. */
interface Peer {
  configure(options: Lost): void;
  stats(): FakeLlmStats;
  resetStats(): void;
}

const own = (start: (options: FakeProviderOptions) => Promise<FakeProvider>) => async () => {
  const fake = await start({ apiKey: 'k', batchDelayMs: 300, seed: 9 });
  return { fake, url: fake.url };
};

describe.each([
  { engine: 'openai', lostAs: 'drop' as const, start: undefined },
  { engine: 'anthropic', lostAs: 'error' as const, start: own(startFakeAnthropic) },
  { engine: 'gemini', lostAs: 'drop' as const, start: own(startFakeGemini) },
])(
  'the economy lane on $engine when a created batch’s answer is lost ($lostAs)',
  ({ engine, lostAs, start }) => {
    let h: PipelineHarness;
    let fake: FakeProvider | undefined;
    let peer: Peer;
    beforeAll(async () => {
      const started = await start?.();
      fake = started?.fake;
      const upper = engine.toUpperCase();
      h = await startPipelineHarness({
        llm: { latencyMs: 0, batchDelayMs: 300, seed: 3 },
        env: {
          ECONOMY_LANE: 'batch',
          ECONOMY_POLL_SECONDS: '1',
          ECONOMY_BATCH_REQUESTS: '2',
          TRANSLATION_CONCURRENCY: '4',
          ...(started
            ? { TRANSLATION_ENGINE: engine, [`${upper}_API_KEY`]: 'k', [`${upper}_BASE_URL`]: started.url }
            : { OPENAI_MODEL: 'gpt-4.1-mini' }),
        },
      });
      peer = fake ?? h.llm;
    }, 120_000);
    afterAll(async () => {
      await h?.close();
      await fake?.close();
    });

    it('finds the batches by their label and translates every chunk once, at the provider’s batch only', async () => {
      const user = await h.newUser({ READER: 1 }, { signupCredits: false });
      peer.resetStats();
      h.llm.resetStats();
      // The first two batches are created at the provider and the server never hears their ids.
      peer.configure({ batchLostAnswers: 2, batchLostAnswerAs: lostAs });
      try {
        const id = await startEconomy(user);
        expect((await h.followStatuses(user, id)).at(-1)).toBe('completed');
        const report = (await user.client.get(`/translations/${id}/report/`)).json();
        expect(report.blocks_translated).toBe(report.blocks_total);
        const blocks = await h.handle.db
          .select()
          .from(translationBlocks)
          .where(eq(translationBlocks.translationId, id));
        expect(blocks.length).toBe(report.blocks_total);

        const stats = peer.stats();
        expect(stats.batch_answers_lost).toBe(2);
        const rows = await batchesOf(h, id);
        expect(rows.length).toBeGreaterThan(1);
        // Every row found its batch and was answered by it; no batch was created twice.
        expect(rows.every((b) => b.state === 'done' && b.providerBatchId)).toBe(true);
        expect(new Set(rows.map((b) => b.providerBatchId)).size).toBe(rows.length);
        expect(stats.batches).toBe(rows.length);
        expect(stats.batch_requests).toBe(rows.reduce((sum, b) => sum + b.requests, 0));
        // No chunk went to the standard lane: the analysis (brief and summary) and the titles are the
        // only chat requests.
        expect(stats.requests).toBe(3);
        if (fake) expect(h.llm.stats().requests).toBe(0);
      } finally {
        peer.configure({ batchLostAnswers: 0 });
      }
    }, 180_000);
  },
);
