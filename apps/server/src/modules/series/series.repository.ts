import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { books } from '../../db/schema/books';
import { type SeriesGlossaryEntry, type SeriesRow, series, seriesBooks } from '../../db/schema/series';

/** A book of a series, as the library and the series page list it. */
export interface SeriesBook {
  seriesId: string;
  bookId: string;
  title: string;
  volume: number | null;
}

/** The only code that queries the series tables. Every read by a user filters by that user's id. */
export const seriesRepository = {
  /** The user's series of this name, created when new (names compare as written). */
  async findOrCreate(db: Executor, userId: string, name: string): Promise<SeriesRow> {
    await db.insert(series).values({ userId, name }).onConflictDoNothing();
    const [row] = await db
      .select()
      .from(series)
      .where(and(eq(series.userId, userId), eq(series.name, name)));
    return row!;
  },

  async find(db: Executor, userId: string, id: string): Promise<SeriesRow | undefined> {
    const [row] = await db
      .select()
      .from(series)
      .where(and(eq(series.id, id), eq(series.userId, userId)));
    return row;
  },

  async listForUser(db: Executor, userId: string): Promise<SeriesRow[]> {
    return db.select().from(series).where(eq(series.userId, userId)).orderBy(asc(series.name));
  },

  /** The books of these series, in volume order (unnumbered last, then by upload). */
  async booksOf(db: Executor, seriesIds: string[]): Promise<SeriesBook[]> {
    if (seriesIds.length === 0) return [];
    return db
      .select({
        seriesId: seriesBooks.seriesId,
        bookId: seriesBooks.bookId,
        title: books.title,
        volume: seriesBooks.volume,
      })
      .from(seriesBooks)
      .innerJoin(books, eq(books.id, seriesBooks.bookId))
      .where(inArray(seriesBooks.seriesId, seriesIds))
      .orderBy(sql`${seriesBooks.volume} asc nulls last`, asc(books.createdAt));
  },

  /** The series a book is in, with the book's volume; undefined when none. */
  async ofBook(db: Executor, bookId: string): Promise<(SeriesRow & { volume: number | null }) | undefined> {
    const [row] = await db
      .select({ series, volume: seriesBooks.volume })
      .from(seriesBooks)
      .innerJoin(series, eq(series.id, seriesBooks.seriesId))
      .where(eq(seriesBooks.bookId, bookId));
    return row ? { ...row.series, volume: row.volume } : undefined;
  },

  async hasBook(db: Executor, bookId: string): Promise<boolean> {
    const rows = await db.select({ one: sql`1` }).from(seriesBooks).where(eq(seriesBooks.bookId, bookId));
    return rows.length > 0;
  },

  async putBook(db: Executor, bookId: string, seriesId: string, volume: number | null): Promise<void> {
    await db
      .insert(seriesBooks)
      .values({ bookId, seriesId, volume })
      .onConflictDoUpdate({ target: seriesBooks.bookId, set: { seriesId, volume } });
  },

  async removeBook(db: Executor, bookId: string): Promise<void> {
    await db.delete(seriesBooks).where(eq(seriesBooks.bookId, bookId));
  },

  /** Drops the user's series that no book belongs to any more. */
  async dropEmpty(db: Executor, userId: string): Promise<void> {
    await db
      .delete(series)
      .where(
        and(
          eq(series.userId, userId),
          sql`not exists (select 1 from ${seriesBooks} where ${seriesBooks.seriesId} = ${series.id})`,
        ),
      );
  },

  /** Replaces the series' glossary into one language (under the row's lock). */
  async setGlossary(
    db: Executor,
    seriesId: string,
    language: string,
    entries: SeriesGlossaryEntry[],
  ): Promise<void> {
    await db
      .update(series)
      .set({
        glossaries: sql`jsonb_set(${series.glossaries}, ${`{${language}}`}, ${JSON.stringify(entries)}::jsonb)`,
      })
      .where(eq(series.id, seriesId));
  },
};
