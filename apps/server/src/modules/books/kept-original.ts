import type { Executor } from '../../db/database';
import type { BookRow } from '../../db/schema/books';
import { AppError } from '../../errors';
import { booksRepository } from './books.repository';

/**
 * The book, when its original is still stored; 409 once the original was deleted after its
 * translations failed (translations/expire-failed-originals.ts). With `lock`, the row stays locked
 * for the caller's transaction, so a new translation cannot start while the original goes. (A
 * retry, which holds its translation's lock, reads without one: the expiry locks the book's
 * translations before deciding.)
 * @example await db.transaction(async (tx) => { await keptOriginal(tx, bookId, { lock: true }); ... });
 */
export async function keptOriginal(
  db: Executor,
  bookId: string,
  options: { lock: boolean },
): Promise<BookRow> {
  const book = options.lock
    ? await booksRepository.lock(db, bookId)
    : await booksRepository.findById(db, bookId);
  if (!book) throw new AppError('NOT_FOUND', 'Book not found');
  if (book.originalDeletedAt) throw originalDeleted(book.originalDeletedAt);
  return book;
}

/** What a user is told about a book whose original was deleted. */
export function originalDeleted(at: Date): AppError {
  return new AppError(
    'CONFLICT',
    `The original file of this book was deleted on ${at.toISOString().slice(0, 10)}, as its translation had failed and was not retried in time; upload the book again to translate it.`,
    { reason: 'original-deleted' },
  );
}
