import type { Book as BookDto, Translation } from '@booktranslate/contract';
import type { BookRow } from '../../../db/schema/books';
import type { ShownTranslationRow } from '../../../db/schema/translations';
import { booksRepository } from '../../books/books.repository';
import { type BooksDeps, ownBook } from '../../books/books.service';
import { toBookDto } from '../../books/to-book-dto';
import { removeTranslationFiles } from '../outputs/write-outputs';
import { translationsRepository } from '../translations.repository';
import { libraryPageRepository } from './library-page.repository';
import { toTranslationDto } from './to-translation-dto';

/** The user's library: books as the API shows them, each with its translations. */
export async function getBook(deps: BooksDeps, userId: string, bookId: string): Promise<BookDto> {
  const book = await ownBook(deps.db, userId, bookId);
  return withTranslations(deps, book, await translationsRepository.forBooks(deps.db, [book.id]));
}

export async function listBooks(
  deps: BooksDeps,
  userId: string,
  query: { page: number; limit: number; search?: string | undefined },
) {
  const offset = (query.page - 1) * query.limit;
  const page = await libraryPageRepository.page(deps.db, userId, { ...query, offset });
  const items = await Promise.all(
    page.books.map(({ book, translations }) => withTranslations(deps, book, translations)),
  );
  // A page past the end carries no count: the books are counted apart.
  const total = page.total ?? (await booksRepository.list(deps.db, userId, query)).total;
  return { items, total, page: query.page, limit: query.limit };
}

export async function listBookTranslations(
  deps: BooksDeps,
  userId: string,
  bookId: string,
): Promise<Translation[]> {
  const book = await ownBook(deps.db, userId, bookId);
  const rows = await translationsRepository.forBooks(deps.db, [book.id]);
  return rows.map((t) => toTranslationDto(t, book));
}

/** DELETE /books/{id}/: the book, its translations (running jobs find nothing and stop) and every file. */
export async function deleteBook(deps: BooksDeps, userId: string, bookId: string): Promise<void> {
  const book = await ownBook(deps.db, userId, bookId);
  const translations = await translationsRepository.forBooks(deps.db, [book.id]);
  await booksRepository.delete(deps.db, userId, book.id);
  for (const key of [book.originalKey, book.coverKey])
    if (key) await deps.storage.delete(key).catch(() => {});
  for (const t of translations) await removeTranslationFiles(deps.storage, t.id);
}

function withTranslations(
  deps: BooksDeps,
  book: BookRow,
  translations: ShownTranslationRow[],
): Promise<BookDto> {
  return toBookDto(
    book,
    translations.map((t) => toTranslationDto(t, book)),
    deps.storage,
  );
}
