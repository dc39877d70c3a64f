import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PipelineHarness,
  startPipelineHarness,
  twoChapterStory,
} from '../../../testing/pipeline-test-kit';
import { until } from '../../../testing/queue-test-kit';

// The provider answers in 6 s: longer than the 5 s within which a dead worker's chunk is taken over.
const PROVIDER_MS = 6000;

describe('a chunk whose worker process is gone (decision 300)', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: PROVIDER_MS } });
  }, 120_000);
  afterAll(() => h?.close());

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await h.handle.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('is claimed again within 5 s, the slow live ones are not, and every block is saved once', async () => {
    const user = await h.newUser({ READER: 1 }, { signupCredits: false });
    const { translation } = (await user.upload('story.txt', twoChapterStory)).json().data;
    const attempts = () =>
      rows<{ seq: number; attempt: number }>(
        sql`SELECT seq, attempt FROM translation_chunks WHERE translation_id = ${translation.id} ORDER BY seq`,
      );
    // Every chunk claimed by its first attempt, each waiting on the slow provider.
    const running = await until(async () => {
      const started = await rows<{ job_id: string; seq: number }>(
        sql`SELECT s.job_id, (j.data->>'seq')::int AS seq FROM job_starts s JOIN pgboss.job j ON j.id = s.job_id
            WHERE s.queue = 'translation-chunk' AND s.session IS NOT NULL`,
      );
      const chunks = await attempts();
      return chunks.length > 0 && chunks.every((c) => c.attempt === 1) && started.length === chunks.length
        ? started
        : undefined;
    }, 60_000);
    const [victim] = running;
    if (!victim) throw new Error('no chunk running');

    // Its worker "dies": the attempt is now recorded under a presence that no longer exists. (The
    // handler itself goes on here, as a worker cut off from the database would: its late saves meet
    // the attempt fence.)
    const diedAt = Date.now();
    await h.handle.db.execute(
      sql`UPDATE job_starts SET session = ${randomUUID()} WHERE job_id = ${victim.job_id}`,
    );
    await until(async () => (await attempts()).find((c) => c.seq === victim.seq && c.attempt === 2), 5000);
    const claimMs = Date.now() - diedAt;
    console.info(`a dead worker's chunk claimed again after ${claimMs} ms`);
    expect(claimMs).toBeLessThan(5000);

    const statuses = await h.followStatuses(user, translation.id, 60_000);
    expect(statuses.at(-1)).toBe('completed');
    // The live chunks were never taken from their worker, though the provider took 6 s for each.
    for (const chunk of await attempts()) expect(chunk.attempt).toBe(chunk.seq === victim.seq ? 2 : 1);
    // No block lost: every block of every chunk has its saved translation.
    const [lost] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM translation_chunks c, jsonb_array_elements(c.blocks) b
          WHERE c.translation_id = ${translation.id} AND NOT EXISTS (SELECT 1 FROM translation_blocks t
            WHERE t.translation_id = c.translation_id AND t.block_id = b->>'id')`,
    );
    expect(lost?.n).toBe(0);
  }, 120_000);
});
