import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database';
import { books } from '../../../db/schema/books';
import { translations } from '../../../db/schema/translations';

/** Which originals no translation can use any more: the question behind their expiry. */
export const failedOriginalsRepository = {
  /**
   * Books (at most `limit`; only `bookId` when given) whose original is still stored although no
   * translation works on it or finished with it: at least one failed, every one failed or was
   * canceled, and none changed since `before`. Longest untouched first.
   */
  async booksBefore(
    db: Executor,
    before: Date,
    /** `unreadable`: only books no translation can ever use (every failure the book's own), at any age. */
    options: { limit: number; bookId?: string; unreadable?: boolean },
  ): Promise<string[]> {
    const rows = await db
      .select({ id: books.id })
      .from(books)
      .innerJoin(translations, eq(translations.bookId, books.id))
      .where(and(isNull(books.originalDeletedAt), options.bookId ? eq(books.id, options.bookId) : undefined))
      .groupBy(books.id)
      .having(
        and(
          sql`bool_or(${translations.status} = 'failed')`,
          sql`bool_and(${translations.status} in ('failed', 'canceled'))`,
          options.unreadable
            ? sql`bool_and(${translations.status} = 'canceled' or ${translations.failureKind} = 'book')`
            : sql`max(${translations.updatedAt}) < ${before.toISOString()}`,
        ),
      )
      .orderBy(sql`max(${translations.updatedAt})`)
      .limit(options.limit);
    return rows.map((row) => row.id);
  },

  /** Locks the book's translations for the transaction: a retry waits, or is waited for. */
  async lockOfBook(db: Executor, bookId: string): Promise<void> {
    await db
      .select({ id: translations.id })
      .from(translations)
      .where(eq(translations.bookId, bookId))
      .for('update');
  },
};
