import type { Database } from '../../../db/database';
import type { Clock } from '../../../deps';
import type { Storage } from '../../../storage/storage';
import { booksRepository } from '../../books/books.repository';
import { failedOriginalsRepository as failed } from './failed-originals.repository';

const HOUR_MS = 3600_000;
/** Books looked at per run; the job runs every hour, so a backlog drains over a few runs. */
const BATCH = 500;

export interface ExpireFailedOriginalsDeps {
  db: Database;
  storage: Pick<Storage, 'delete'>;
  clock: Clock;
}

/**
 * Deletes the originals of books whose translations all failed (or were canceled, one at least
 * failed) and stayed untouched for `retentionHours`: the retry window. The book row stays, marked
 * `original_deleted_at`, so the library still lists it and a retry answers that the book must be
 * uploaded again (decision 215). Returns how many originals went and how many could not.
 */
export async function expireFailedOriginals(
  deps: ExpireFailedOriginalsDeps,
  retentionHours: number,
): Promise<{ deleted: number; failed: number }> {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - retentionHours * HOUR_MS);
  const result = { deleted: 0, failed: 0 };
  for (const bookId of await failed.booksBefore(deps.db, before, { limit: BATCH })) {
    try {
      if (await expireOne(deps, bookId, before, now)) result.deleted++;
    } catch {
      // The row still names the original: the next run tries again.
      result.failed++;
    }
  }
  return result;
}

/**
 * Deletes the original of a book that failed for its own sake (failure kind 'book') at once, when
 * no translation of it can use it any more: a retry is refused for such a failure, so the retry
 * window would only keep bytes nobody can translate (decision 215). False when it stays.
 */
export async function expireUnreadableOriginal(
  deps: ExpireFailedOriginalsDeps,
  bookId: string,
): Promise<boolean> {
  return expireOne(deps, bookId, deps.clock.now(), deps.clock.now(), true);
}

async function expireOne(
  deps: ExpireFailedOriginalsDeps,
  bookId: string,
  before: Date,
  now: Date,
  unreadable = false,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    // Book, then its translations: the order a book's deletion takes, and a new language waits on
    // the book, a retry on its translation; after both locks the answer cannot change under us.
    const book = await booksRepository.lock(tx, bookId);
    if (!book || book.originalDeletedAt) return false;
    await failed.lockOfBook(tx, bookId);
    if ((await failed.booksBefore(tx, before, { limit: 1, bookId, unreadable })).length === 0) return false;
    await booksRepository.markOriginalDeleted(tx, bookId, now);
    // Inside the transaction: when the store refuses, the mark is rolled back with it.
    await deps.storage.delete(book.originalKey);
    return true;
  });
}
