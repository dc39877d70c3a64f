import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { createTestDatabase, testDatabaseKinds } from '../../../db/test-database';
import { seedBook, seedTranslation, seedUser } from '../../../testing/seed-rows';
import { booksRepository } from '../../books/books.repository';
import { translationsRepository } from '../translations.repository';
import { libraryPageRepository as repo } from './library-page.repository';

describe.each(testDatabaseKinds())('the library page in one query on %s', (kind) => {
  let handle: DatabaseHandle;
  let userId: string;
  const bookIds: string[] = [];
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const db = handle.db;
    userId = await seedUser(db);
    // Oldest first: none, one, two and three translations; another user's book in between.
    for (const [i, count] of [0, 1, 2, 3].entries()) {
      const createdAt = new Date(Date.UTC(2026, 0, 1 + i));
      const bookId = await seedBook(db, userId, {
        title: `Book ${i}`,
        author: i === 2 ? 'Ann_Lee' : 'X',
        createdAt,
      });
      bookIds.push(bookId);
      for (const language of ['es', 'de', 'fr'].slice(0, count))
        await seedTranslation(db, { userId, bookId }, { targetLanguage: language, wordsDone: i });
      await seedBook(db, await seedUser(db), { title: `Other ${i}`, createdAt });
    }
  }, 60_000);
  afterAll(() => handle?.close());

  /** What the two queries it replaces answered. */
  async function twoQueries(query: { page: number; limit: number; search?: string }) {
    const { rows, total } = await booksRepository.list(handle.db, userId, query);
    const translations = await translationsRepository.forBooks(
      handle.db,
      rows.map((r) => r.id),
    );
    const books = rows.map((book) => ({
      book,
      translations: translations.filter((t) => t.bookId === book.id),
    }));
    return { books, total };
  }

  it('answers the books of the page, newest first, each with its translations oldest first, and the total', async () => {
    for (const query of [
      { page: 1, limit: 20 },
      { page: 1, limit: 2 },
      { page: 2, limit: 2 },
      { page: 2, limit: 3 },
    ]) {
      const page = await repo.page(handle.db, userId, { ...query, offset: (query.page - 1) * query.limit });
      expect(page).toEqual(await twoQueries(query));
    }
    const all = await repo.page(handle.db, userId, { limit: 20, offset: 0 });
    expect(all.total).toBe(4);
    expect(all.books.map((b) => b.book.id)).toEqual([...bookIds].reverse());
    expect(all.books.map((b) => b.translations.map((t) => t.targetLanguage))).toEqual([
      ['es', 'de', 'fr'],
      ['es', 'de'],
      ['es'],
      [],
    ]);
    expect(all.books[0]!.book.createdAt).toBeInstanceOf(Date);
    expect(all.books[0]!.translations[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('searches title and author with wildcards taken literally', async () => {
    const found = await repo.page(handle.db, userId, { limit: 20, offset: 0, search: 'ann_' });
    expect(found).toEqual(await twoQueries({ page: 1, limit: 20, search: 'ann_' }));
    expect(found.books.map((b) => b.book.title)).toEqual(['Book 2']);
    expect(await repo.page(handle.db, userId, { limit: 20, offset: 0, search: 'ann%' })).toEqual({
      books: [],
      total: null,
    });
  });

  it('has no count to give past the end, and nothing of anyone else', async () => {
    expect(await repo.page(handle.db, userId, { limit: 2, offset: 4 })).toEqual({ books: [], total: null });
    const stranger = await seedUser(handle.db);
    expect(await repo.page(handle.db, stranger, { limit: 20, offset: 0 })).toEqual({
      books: [],
      total: null,
    });
  });
});
