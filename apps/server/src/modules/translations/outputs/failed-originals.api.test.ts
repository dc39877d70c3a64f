import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { books } from '../../../db/schema/books';
import { translations } from '../../../db/schema/translations';
import type { Storage } from '../../../storage/storage';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { type InjectClient, injectClient } from '../../../testing/inject-client';
import { type JobWorker, startJobWorker, until } from '../../../testing/queue-test-kit';
import { seedBook, seedUser } from '../../../testing/seed-rows';
import { creditsRepository } from '../../credits/credits.repository';
import { expireFailedOriginals } from './expire-failed-originals';
import {
  FAILED_ORIGINALS_CRON,
  failedOriginalsJob,
  failedOriginalsWorkerHandlers,
} from './failed-originals.jobs';

const HOUR = 3600_000;
const now = new Date('2026-11-25T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR);

/** A book of `userId` with its original stored, and translations in the given states. */
async function bookWith(
  db: DatabaseHandle['db'],
  storage: Storage,
  userId: string,
  states: { status: string; changedHoursAgo: number }[],
) {
  const originalKey = `originals/${crypto.randomUUID()}`;
  await storage.put(originalKey, new TextEncoder().encode('Chapter One\n\nA story.\n'));
  const bookId = await seedBook(db, userId, { originalKey, fileSize: 22 });
  const ids: string[] = [];
  for (const [i, state] of states.entries()) {
    const [row] = await db
      .insert(translations)
      .values({
        bookId,
        userId,
        targetLanguage: ['es', 'de', 'fr'][i]!,
        status: state.status,
        updatedAt: hoursAgo(state.changedHoursAgo),
      })
      .returning();
    ids.push(row!.id);
  }
  return { bookId, originalKey, translationIds: ids };
}

describe('originals of failed translations past the retry window', () => {
  let t: TestApp;
  let user: InjectClient;
  let userId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    user = injectClient(t.app);
    await user.csrf();
    const response = await user.post('/auth/register/', {
      email: 'failed@example.com',
      password: 'correct horse battery',
    });
    userId = response.json().user.id;
    await creditsRepository.record(t.handle.db, {
      userId,
      tier: 'READER',
      amount: 5,
      reason: 'test',
      sourceId: 'test',
    });
  });
  afterAll(() => t?.close());

  const expire = () =>
    expireFailedOriginals({ db: t.handle.db, storage: t.deps.storage, clock: { now: () => now } }, 72);
  const deletedAt = async (bookId: string) =>
    (await t.handle.db.select().from(books).where(eq(books.id, bookId)))[0]?.originalDeletedAt ?? null;

  it('deletes only originals no translation can use any more, then refuses a retry with what to do', async () => {
    const { db } = t.handle;
    const storage = t.deps.storage;
    const expired = await bookWith(db, storage, userId, [
      { status: 'failed', changedHoursAgo: 80 },
      { status: 'canceled', changedHoursAgo: 100 },
    ]);
    const recent = await bookWith(db, storage, userId, [{ status: 'failed', changedHoursAgo: 10 }]);
    const oneWorking = await bookWith(db, storage, userId, [
      { status: 'failed', changedHoursAgo: 80 },
      { status: 'translating', changedHoursAgo: 80 },
    ]);
    const oneCompleted = await bookWith(db, storage, userId, [
      { status: 'failed', changedHoursAgo: 80 },
      { status: 'completed', changedHoursAgo: 90 },
    ]);
    const canceledOnly = await bookWith(db, storage, userId, [{ status: 'canceled', changedHoursAgo: 200 }]);
    const otherUser = await bookWith(db, storage, await seedUser(db), [
      { status: 'failed', changedHoursAgo: 73 },
    ]);

    expect(await expire()).toEqual({ deleted: 2, failed: 0 });
    for (const gone of [expired, otherUser]) {
      expect(await storage.stat(gone.originalKey)).toBeNull();
      expect(await deletedAt(gone.bookId)).toEqual(now);
    }
    for (const kept of [recent, oneWorking, oneCompleted, canceledOnly]) {
      expect(await storage.stat(kept.originalKey)).not.toBeNull();
      expect(await deletedAt(kept.bookId)).toBeNull();
    }
    expect(await expire()).toEqual({ deleted: 0, failed: 0 });

    const retry = await user.post(`/translations/${expired.translationIds[0]}/retry/`);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'original-deleted' },
      message: expect.stringMatching(
        /original file of this book was deleted on 2026-11-25.*upload the book again/,
      ),
    });
    const another = await user.post(`/books/${expired.bookId}/add_translation/`, { target_language: 'it' });
    expect(another.statusCode).toBe(409);
    expect(another.json().error.details).toEqual({ reason: 'original-deleted' });
    expect((await user.get(`/books/${expired.bookId}/download-original/`)).statusCode).toBe(409);
    // The book stays in the library; its bytes no longer count.
    expect((await user.get(`/books/${expired.bookId}/`)).statusCode).toBe(200);
    expect((await user.get('/billing/usage/')).json().storageUsed).toBe(22 * 4);

    // A retry inside the window still works, and keeps the original from expiring.
    expect((await user.post(`/translations/${recent.translationIds[0]}/retry/`)).statusCode).toBe(200);
    await db
      .update(translations)
      .set({ updatedAt: hoursAgo(100) })
      .where(eq(translations.bookId, recent.bookId));
    expect(await expire()).toEqual({ deleted: 0, failed: 0 });
    expect(await storage.stat(recent.originalKey)).not.toBeNull();
  });

  it('keeps the mark off when the store cannot delete the original, and tries again next time', async () => {
    const { db } = t.handle;
    const book = await bookWith(db, t.deps.storage, userId, [{ status: 'failed', changedHoursAgo: 80 }]);
    const refusing = { delete: async () => Promise.reject(new Error('store unavailable')) };
    const clock = { now: () => now };
    expect(await expireFailedOriginals({ db, storage: refusing, clock }, 72)).toEqual({
      deleted: 0,
      failed: 1,
    });
    expect(await deletedAt(book.bookId)).toBeNull();
    expect(await expire()).toEqual({ deleted: 1, failed: 0 });
    expect(await deletedAt(book.bookId)).toEqual(now);
  });
});

describe('the failed-originals expiry on pg-boss', () => {
  let worker: JobWorker;
  beforeAll(async () => {
    worker = await startJobWorker(failedOriginalsJob, failedOriginalsWorkerHandlers, 'bt-expiry-', {
      FAILED_ORIGINAL_RETENTION_HOURS: '2',
    });
  }, 60_000);
  afterAll(() => worker?.close());

  it('is scheduled hourly and deletes with the configured window', async () => {
    const { handle, queue, storage } = worker;
    const userId = await seedUser(handle.db);
    const book = await bookWith(handle.db, storage, userId, [
      { status: 'failed', changedHoursAgo: (now.getTime() - Date.now()) / HOUR + 3 },
    ]);
    const schedule = await until(async () => (await queue.boss.getSchedules(failedOriginalsJob.name))[0]);
    expect(schedule.cron).toBe(FAILED_ORIGINALS_CRON);
    await queue.send(failedOriginalsJob, {});
    await until(async () => ((await storage.stat(book.originalKey)) === null ? true : undefined));
  });
});
