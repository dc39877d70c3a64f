import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../../db/database';
import { translationChunks } from '../../../db/schema/translation-blocks';
import { testDatabaseKinds } from '../../../db/test-database';
import type { Queue } from '../../../jobs/queue';
import { startTestQueue, type TestQueue } from '../../../testing/queue-test-kit';
import { seedBook, seedTranslation, seedUser } from '../../../testing/seed-rows';
import { translationMemoryRepository as memory } from '../translation-memory.repository';
import { ownerChunkBacklog, ownerUnfinishedTranslations } from './chunk-backlog.repository';
import { chunkPriorities } from './fair-share';
import { PIPELINE_JOBS, queueJobSender, queuePrepare } from './pipeline-queue';
import { prepareTranslationJob, translationJobDefinitions } from './translations.jobs';

/** A translating translation of `userId` with `chunks` queued chunks of run 1. */
async function newTranslation(db: Database, userId: string, chunks: number): Promise<string> {
  const id = await seedTranslation(
    db,
    { userId, bookId: await seedBook(db, userId) },
    { status: 'translating', wordsTotal: chunks },
  );
  const block = { id: 'b', blockId: 'b', chapterId: 'c', text: 'x', tokens: 1, words: 1, hash: 'h' };
  await memory.replaceChunks(
    db,
    id,
    1,
    Array.from({ length: chunks }, (_, seq) => ({
      seq,
      chapter: null,
      blocks: [block],
      previous: null,
      words: 1,
    })),
  );
  return id;
}

describe.each(testDatabaseKinds())('fair shares on the chunk queue (%s)', (kind) => {
  let started: TestQueue;
  let handle: DatabaseHandle;
  let queue: Queue;
  beforeAll(async () => {
    started = await startTestQueue(translationJobDefinitions, kind);
    ({ handle, queue } = started);
  }, 60_000);
  afterAll(() => started?.close());

  /** Queues every chunk of the translation the way prepare does: behind its owner's waiting chunks. */
  async function queueChunks(translationId: string, chunks: number): Promise<void> {
    const sender = queueJobSender(queue);
    const priorities = chunkPriorities(await ownerChunkBacklog(handle.db, translationId), chunks);
    for (let seq = 0; seq < chunks; seq++) {
      await sender.send(
        PIPELINE_JOBS.chunk,
        { translationId, run: 1, seq },
        { id: randomUUID(), priority: priorities[seq] },
      );
    }
  }

  it("counts only the owner's other waiting chunks, and fetches a light user's chunks before a heavy user's backlog", async () => {
    const db = handle.db;
    const heavy = await seedUser(db);
    const light = await seedUser(db);
    // Each book is planned and queued in turn, as the prepare job does.
    const a1 = await newTranslation(db, heavy, 4);
    // A finished chunk of A's first book is no longer in A's line.
    await db
      .update(translationChunks)
      .set({ status: 'done' })
      .where(and(eq(translationChunks.translationId, a1), eq(translationChunks.seq, 3)));
    expect(await ownerChunkBacklog(db, a1)).toBe(0);
    await queueChunks(a1, 3);
    const a2 = await newTranslation(db, heavy, 4);
    expect(await ownerChunkBacklog(db, a2)).toBe(3);
    await queueChunks(a2, 4);
    const b = await newTranslation(db, light, 2);
    expect(await ownerChunkBacklog(db, b)).toBe(0);
    // Prepare steps queue the same way, by unfinished translations.
    expect(await ownerUnfinishedTranslations(db, a2)).toBe(1);
    expect(await ownerUnfinishedTranslations(db, b)).toBe(0);
    await queueChunks(b, 2);

    const order: string[] = [];
    for (;;) {
      const [job] = await queue.boss.fetch<{ translationId: string; seq: number }>(PIPELINE_JOBS.chunk);
      if (!job) break;
      const owner = job.data.translationId === b ? 'B' : job.data.translationId === a1 ? 'A1' : 'A2';
      order.push(`${owner}#${job.data.seq}`);
    }
    expect(order).toHaveLength(9);
    // B's two chunks are among the first four fetched, not behind A's seven.
    expect(order.slice(0, 4).filter((o) => o.startsWith('B'))).toHaveLength(2);
    expect(order.slice(-4)).toEqual(['A2#0', 'A2#1', 'A2#2', 'A2#3']);
  });

  it("leaves a prepare slot free for a light user while a heavy user's five books are being prepared", async () => {
    const db = handle.db;
    const heavy = await seedUser(db);
    const light = await seedUser(db);
    const pending = (userId: string) =>
      seedBook(db, userId).then((bookId) => seedTranslation(db, { userId, bookId }, { status: 'pending' }));
    const deps = { db, jobs: queueJobSender(queue) };
    const heavyBooks: string[] = [];
    for (let i = 0; i < 5; i++) {
      heavyBooks.push(await pending(heavy));
      await queuePrepare(deps, { translationId: heavyBooks[i] as string, run: 1 });
    }
    // A worker's prepare slots, fetched as the worker does (its concurrency, the owner's cap).
    const fetchOne = async () => {
      const [job] = await queue.boss.fetch<{ translationId: string }>(PIPELINE_JOBS.prepare, {
        groupConcurrency: prepareTranslationJob.groupConcurrency,
      });
      return job?.data.translationId;
    };
    expect(prepareTranslationJob.concurrency).toBeGreaterThan(prepareTranslationJob.groupConcurrency ?? 99);
    const running = [await fetchOne(), await fetchOne()];
    expect(running).toEqual(heavyBooks.slice(0, 2));
    // The heavy user's third book waits although a slot is free: the slot is kept for someone else.
    expect(await fetchOne()).toBeUndefined();
    const lightBook = await pending(light);
    await queuePrepare(deps, { translationId: lightBook, run: 1 });
    expect(await fetchOne()).toBe(lightBook);
  });
});
