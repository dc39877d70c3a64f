import type { Database } from '../../../db/database';
import type { TranslationRow } from '../../../db/schema/translations';
import { AppError } from '../../../errors';
import { readAllBytes } from '../../../storage/read-all-bytes';
import type { FileStore } from '../../books/book-storage';
import { booksRepository } from '../../books/books.repository';
import { downloadFilename } from './download-filename';
import { freshOutputs } from './refresh-outputs';

/** The EPUB of a completed translation as a file to send: its name, size and (on demand) bytes. */
export interface TranslatedEpub {
  /** The stored object. */
  key: string;
  filename: string;
  bookTitle: string;
  size: number;
  bytes(): Promise<Uint8Array>;
}

/**
 * The translated EPUB with every edit of the reader in it (outputs rewritten first when edits came
 * after them), named like a download: what Send to Kindle and the book-by-e-mail attach. Every
 * translation writes an EPUB, an FB2 book's too (a Kindle takes no FB2). 409 unless completed.
 */
export async function translatedEpub(
  deps: { db: Database; files: FileStore },
  translation: TranslationRow,
): Promise<TranslatedEpub> {
  if (translation.status !== 'completed')
    throw new AppError('CONFLICT', 'The translation is not finished yet; it can be sent once completed');
  const t = await freshOutputs(deps, translation);
  const key = t.outputs.epub;
  const book = await booksRepository.findById(deps.db, t.bookId);
  const stat = key ? await deps.files.stat(key) : null;
  if (!key || !book || !stat) throw new AppError('NOT_FOUND', 'The translated file is missing');
  return {
    key,
    filename: downloadFilename(book.title, t.targetLanguage, 'epub'),
    bookTitle: book.title,
    size: stat.size,
    bytes: () => readAllBytes(deps.files, key),
  };
}
