import type { Database } from '../../db/database';
import type { BookRow } from '../../db/schema/books';
import { AppError } from '../../errors';
import type { BookStorage } from './book-storage';
import { booksRepository } from './books.repository';
import { originalDeleted } from './kept-original';

/** What the books services use: the database and the storage driver. */
export interface BooksDeps {
  db: Database;
  storage: BookStorage;
}

export async function ownBook(db: Database, userId: string, bookId: string): Promise<BookRow> {
  const book = await booksRepository.findForUser(db, userId, bookId);
  if (!book) throw new AppError('NOT_FOUND', 'Book not found');
  return book;
}

export async function downloadOriginal(deps: BooksDeps, userId: string, bookId: string) {
  const book = await ownBook(deps.db, userId, bookId);
  if (book.originalDeletedAt) throw originalDeleted(book.originalDeletedAt);
  const expiresIn = 3600;
  const downloadUrl = await deps.storage.signedDownloadUrl(book.originalKey, {
    expiresIn,
    filename: book.originalFilename,
  });
  return { downloadUrl, expires_in: expiresIn };
}
