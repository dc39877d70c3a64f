import type { Readable } from 'node:stream';
import { type OutputFormat, outputFormats, outputFormatsOf } from '@booktranslate/contract';
import { AppError } from '../../../errors';
import { booksRepository } from '../../books/books.repository';
import type { BooksDeps } from '../../books/books.service';
import { ownTranslation } from '../own-translation';
import { contentDisposition, downloadFilename } from './download-filename';
import { freshOutputs } from './refresh-outputs';

const CONTENT_TYPES = Object.fromEntries(outputFormats.map((f) => [f.id, f.mediaType])) as Record<
  OutputFormat,
  string
>;

export interface Download {
  stream: Readable;
  contentType: string;
  disposition: string;
}

/** GET /translations/{id}/download-file/: only a completed translation (409 before), in one of its stored formats. */
export async function downloadTranslation(
  deps: BooksDeps,
  userId: string,
  id: string,
  query: { file_format: OutputFormat; layout: 'translated' | 'bilingual' },
): Promise<Download> {
  let t = await ownTranslation(deps.db, userId, id);
  if (t.status !== 'completed') {
    throw new AppError(
      'CONFLICT',
      'The translation is not finished yet; it can be downloaded once completed',
    );
  }
  const bilingual = query.layout === 'bilingual';
  if (bilingual && query.file_format !== 'epub') {
    throw new AppError('VALIDATION_ERROR', 'The bilingual layout is available as EPUB', { field: 'layout' });
  }
  const book = await booksRepository.findById(deps.db, t.bookId);
  if (!book) throw new AppError('NOT_FOUND', 'The translated file is missing');
  const offered = outputFormatsOf(book.originalFormat);
  if (!offered.some((f) => f.id === query.file_format)) {
    const wanted = outputFormats.find((f) => f.id === query.file_format)?.name ?? query.file_format;
    throw new AppError(
      'VALIDATION_ERROR',
      `${wanted} is written only for a book uploaded as ${wanted}; this one is available as ${offered.map((f) => f.name).join(', ')}`,
      { field: 'file_format' },
    );
  }
  // The reader's edits are in every download, also one asked for right after an edit.
  t = await freshOutputs({ db: deps.db, files: deps.storage }, t);
  const key = bilingual ? t.outputs.bilingualEpub : t.outputs[query.file_format];
  if (!key) throw new AppError('NOT_FOUND', 'The translated file is missing');
  const filename = downloadFilename(book.title, t.targetLanguage, query.file_format, bilingual);
  return {
    stream: await deps.storage.get(key),
    contentType: CONTENT_TYPES[query.file_format],
    disposition: contentDisposition(filename),
  };
}
