import { and, asc, count, desc, eq, ilike, max, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database';
import { type BookRow, books } from '../../../db/schema/books';
import { type TranslationRow, translations } from '../../../db/schema/translations';

/** Which finished translations a catalogue page lists: all of them, one language, one book, or a search. */
export interface CatalogueFilter {
  language?: string;
  bookId?: string;
  /** Matched in the book's title and author and the translated title, any case. */
  search?: string;
}

export interface CataloguePage<T> {
  rows: T[];
  total: number;
}

/** A finished translation with its book, as a catalogue entry needs them. */
export interface CatalogueRow {
  translation: TranslationRow;
  book: BookRow;
}

/** A group of the catalogue (a language, a book) with its count and its newest change. */
export interface CatalogueGroup<K> {
  key: K;
  count: number;
  updatedAt: Date;
}

const completedOf = (userId: string): SQL =>
  and(eq(translations.userId, userId), eq(translations.status, 'completed'))!;

/**
 * The reading apps' catalogue reads (decision 250): a user's completed translations only, every
 * query filtered by that user's id. Owned here, as every read of the translations table is
 * (decision 220); the opds module reads it through the translations entry.
 */
export const catalogueRepository = {
  /** One page of the user's completed translations, newest first (a book's by language). */
  async page(
    db: Executor,
    userId: string,
    filter: CatalogueFilter,
    page: { limit: number; offset: number },
  ): Promise<CataloguePage<CatalogueRow>> {
    const conditions: SQL[] = [completedOf(userId)];
    if (filter.language) conditions.push(eq(translations.targetLanguage, filter.language));
    if (filter.bookId) conditions.push(eq(translations.bookId, filter.bookId));
    if (filter.search) {
      // LIKE wildcards typed by the reader are matched literally.
      const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        or(
          ilike(books.title, pattern),
          ilike(books.author, pattern),
          sql`coalesce(${translations.titles}->>'title', '') ilike ${pattern}`,
        )!,
      );
    }
    const order = filter.bookId
      ? [asc(translations.targetLanguage)]
      : [desc(translations.completedAt), desc(translations.id)];
    const rows = await db
      .select({
        translation: translations,
        book: books,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(translations)
      .innerJoin(books, eq(books.id, translations.bookId))
      .where(and(...conditions))
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    if (rows.length > 0) {
      return { rows: rows.map(({ translation, book }) => ({ translation, book })), total: rows[0]!.total };
    }
    const [totalRow] = await db
      .select({ total: count() })
      .from(translations)
      .innerJoin(books, eq(books.id, translations.bookId))
      .where(and(...conditions));
    return { rows: [], total: Number(totalRow?.total ?? 0) };
  },

  /** The target languages of the user's completed translations, in code order. */
  async languages(db: Executor, userId: string): Promise<CatalogueGroup<string>[]> {
    const rows = await db
      .select({
        key: translations.targetLanguage,
        count: count(),
        updatedAt: max(translations.updatedAt),
      })
      .from(translations)
      .where(completedOf(userId))
      .groupBy(translations.targetLanguage)
      .orderBy(asc(translations.targetLanguage));
    return rows.map((r) => ({ key: r.key, count: Number(r.count), updatedAt: new Date(r.updatedAt!) }));
  },

  /** One page of the user's books that have a completed translation, by title. */
  async books(
    db: Executor,
    userId: string,
    page: { limit: number; offset: number },
  ): Promise<CataloguePage<CatalogueGroup<BookRow>>> {
    const rows = await db
      .select({
        book: books,
        count: count(),
        updatedAt: max(translations.updatedAt),
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(books)
      .innerJoin(translations, eq(translations.bookId, books.id))
      .where(completedOf(userId))
      .groupBy(books.id)
      .orderBy(sql`lower(${books.title})`, asc(books.id))
      .limit(page.limit)
      .offset(page.offset);
    const groups = rows.map((r) => ({
      key: r.book,
      count: Number(r.count),
      updatedAt: new Date(r.updatedAt!),
    }));
    if (rows.length > 0) return { rows: groups, total: rows[0]!.total };
    const [totalRow] = await db
      .select({ total: sql<number>`count(distinct ${translations.bookId})`.mapWith(Number) })
      .from(translations)
      .where(completedOf(userId));
    return { rows: [], total: Number(totalRow?.total ?? 0) };
  },

  /** The newest change among the user's completed translations and how many there are. */
  async lastChange(db: Executor, userId: string): Promise<{ updatedAt: Date | null; count: number }> {
    const [row] = await db
      .select({ updatedAt: max(translations.updatedAt), count: count() })
      .from(translations)
      .where(completedOf(userId));
    return {
      updatedAt: row?.updatedAt ? new Date(row.updatedAt) : null,
      count: Number(row?.count ?? 0),
    };
  },
};
