import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { type BookRow, books, type NewBookRow } from '../../db/schema/books';

const booksPage = preparedPerDatabase((db) =>
  db
    .select({ book: books, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(books)
    .where(eq(books.userId, sql.placeholder('userId')))
    .orderBy(desc(books.createdAt), desc(books.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('books_page'),
);

/** The only code that queries the books table. Every read by a user filters by that user's id. */
export const booksRepository = {
  async insert(db: Executor, row: NewBookRow): Promise<BookRow> {
    const [created] = await db.insert(books).values(row).returning();
    return created!;
  },

  async findForUser(db: Executor, userId: string, id: string): Promise<BookRow | undefined> {
    const [row] = await db
      .select()
      .from(books)
      .where(and(eq(books.id, id), eq(books.userId, userId)));
    return row;
  },

  async findById(db: Executor, id: string): Promise<BookRow | undefined> {
    const [row] = await db.select().from(books).where(eq(books.id, id));
    return row;
  },

  async list(
    db: Executor,
    userId: string,
    query: { page: number; limit: number; search?: string | undefined },
  ): Promise<{ rows: BookRow[]; total: number }> {
    const conditions: SQL[] = [eq(books.userId, userId)];
    if (query.search) {
      // LIKE wildcards typed by the user are matched literally.
      const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(or(ilike(books.title, pattern), ilike(books.author, pattern))!);
    }
    const where = and(...conditions);
    // The total rides along with the page (one round trip); only a page past the end asks again.
    const offset = (query.page - 1) * query.limit;
    const page = query.search
      ? await db
          .select({ book: books, total: sql<number>`count(*) over ()`.mapWith(Number) })
          .from(books)
          .where(where)
          .orderBy(desc(books.createdAt), desc(books.id))
          .limit(query.limit)
          .offset(offset)
      : await booksPage(db).execute({ userId, limit: query.limit, offset });
    if (page.length > 0) return { rows: page.map((r) => r.book), total: page[0]!.total };
    const [totalRow] = await db.select({ total: count() }).from(books).where(where);
    return { rows: [], total: Number(totalRow?.total ?? 0) };
  },

  /** Fills what the parsing step learned from the book itself. */
  async updateMetadata(
    db: Executor,
    id: string,
    fields: Partial<
      Pick<BookRow, 'title' | 'author' | 'description' | 'originalLanguage' | 'coverKey' | 'wordCount'>
    >,
  ): Promise<void> {
    await db.update(books).set(fields).where(eq(books.id, id));
  },

  async delete(db: Executor, userId: string, id: string): Promise<BookRow | undefined> {
    const [row] = await db
      .delete(books)
      .where(and(eq(books.id, id), eq(books.userId, userId)))
      .returning();
    return row;
  },

  /** The bytes of the user's original files still stored (a deleted original no longer counts). */
  async bytesStored(db: Executor, userId: string): Promise<number> {
    const [row] = await db
      .select({ bytes: sql<string>`coalesce(sum(${books.fileSize}), 0)` })
      .from(books)
      .where(and(eq(books.userId, userId), isNull(books.originalDeletedAt)));
    return Number(row?.bytes ?? 0);
  },

  /** The book row, locked until the transaction ends (a new language and the original's expiry queue up). */
  async lock(db: Executor, id: string): Promise<BookRow | undefined> {
    const [row] = await db.select().from(books).where(eq(books.id, id)).for('update');
    return row;
  },

  /** Records that the original is gone from storage; the row stays for the library. */
  async markOriginalDeleted(db: Executor, id: string, at: Date): Promise<void> {
    await db.update(books).set({ originalDeletedAt: at }).where(eq(books.id, id));
  },
};
