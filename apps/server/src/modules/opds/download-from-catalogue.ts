import type { Readable } from 'node:stream';
import type { OpdsFormatId } from '@booktranslate/contract';
import { AppError } from '../../errors';
import { type BooksDeps, ownBook } from '../books/books.service';
import { type Download, downloadTranslation } from '../translations';
import { coverTypeOf } from './cover-type';

const QUERIES: Record<OpdsFormatId, Parameters<typeof downloadTranslation>[3]> = {
  epub: { file_format: 'epub', layout: 'translated' },
  fb2: { file_format: 'fb2', layout: 'translated' },
  txt: { file_format: 'txt', layout: 'translated' },
  'bilingual-epub': { file_format: 'epub', layout: 'bilingual' },
};

/**
 * A catalogue acquisition link: the same file GET /translations/{id}/download-file/ gives the owner
 * (completed only, with the reader's edits in), by the same code.
 */
export function downloadFromCatalogue(
  deps: BooksDeps,
  userId: string,
  id: string,
  format: OpdsFormatId,
): Promise<Download> {
  return downloadTranslation(deps, userId, id, QUERIES[format]);
}

/** A book's cover for the catalogue: the owner's book with a raster cover, else 404. */
export async function catalogueCover(
  deps: BooksDeps,
  userId: string,
  bookId: string,
): Promise<{ stream: Readable; contentType: string }> {
  const book = await ownBook(deps.db, userId, bookId);
  const contentType = book.coverKey ? coverTypeOf(book.coverKey) : null;
  if (!book.coverKey || !contentType) throw new AppError('NOT_FOUND', 'Cover not found');
  return { stream: await deps.storage.get(book.coverKey), contentType };
}
