import { and, asc, count, desc, eq, ilike, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database';
import { preparedPerDatabase } from '../../../db/prepared';
import { type BookRow, books } from '../../../db/schema/books';
import { type ShownTranslationRow, translations } from '../../../db/schema/translations';
import { shownTranslationColumns } from '../translations.repository';

/** A book of the library page with its translations, oldest first. */
export interface LibraryBook {
  book: BookRow;
  translations: ShownTranslationRow[];
}

/**
 * One page of a user's books, newest first, each row joined with one of the book's translations
 * (a book without any comes once, with none), and the user's count of books on every row. One
 * round trip for the page the web app polls: a query is about a quarter of the API's CPU per
 * request (its write to PostgreSQL, the parse of the answer), decision 301. The page is chosen in a
 * subquery rather than a CTE so that the outer select names the tables' own columns: Drizzle maps a
 * CTE's columns through proxies, which cost more than the round trip saved.
 */
function pageQuery(db: Executor, where: SQL, limit: number | Placeholder, offset: number | Placeholder) {
  const pageIds = db
    .select({ id: books.id })
    .from(books)
    .where(where)
    .orderBy(desc(books.createdAt), desc(books.id))
    .limit(limit)
    .offset(offset);
  const total = db.select({ total: count() }).from(books).where(where);
  return db
    .select({
      book: books,
      total: sql<number>`(${total})`.mapWith(Number),
      translation: shownTranslationColumns,
    })
    .from(books)
    .leftJoin(translations, eq(translations.bookId, books.id))
    .where(inArray(books.id, pageIds))
    .orderBy(desc(books.createdAt), desc(books.id), asc(translations.createdAt), asc(translations.id));
}

const ownPage = preparedPerDatabase((db) =>
  pageQuery(
    db,
    eq(books.userId, sql.placeholder('userId')),
    sql.placeholder('limit'),
    sql.placeholder('offset'),
  ).prepare('library_page'),
);

/** The library's reads of books with their translations; every one filtered by the user's id. */
export const libraryPageRepository = {
  /**
   * Books `offset` to `offset + limit` of the user's (those whose title or author contains `search`,
   * any case, when given) with their translations, and how many books match. A page past the end
   * has no rows to carry the count: `total` is null then and the caller counts.
   */
  async page(
    db: Executor,
    userId: string,
    query: { limit: number; offset: number; search?: string | undefined },
  ): Promise<{ books: LibraryBook[]; total: number | null }> {
    const rows = query.search
      ? await pageQuery(db, searchOf(userId, query.search), query.limit, query.offset)
      : await ownPage(db).execute({ userId, limit: query.limit, offset: query.offset });
    const found: LibraryBook[] = [];
    for (const row of rows) {
      let last = found.at(-1);
      if (last?.book.id !== row.book.id) {
        last = { book: row.book, translations: [] };
        found.push(last);
      }
      if (row.translation) last.translations.push(row.translation);
    }
    return { books: found, total: rows.length > 0 ? Number(rows[0]!.total) : null };
  },
};

function searchOf(userId: string, search: string): SQL {
  // LIKE wildcards typed by the user are matched literally.
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(eq(books.userId, userId), or(ilike(books.title, pattern), ilike(books.author, pattern)))!;
}
