import type { Readable } from 'node:stream';
import type { FileFormat } from '@booktranslate/contract';
import { AppError } from '../../../errors';
import { booksRepository } from '../../books/books.repository';
import type { BooksDeps } from '../../books/books.service';
import { ownTranslation } from '../own-translation';
import { contentDisposition, downloadFilename } from './download-filename';
import { freshOutputs } from './refresh-outputs';

const CONTENT_TYPES: Record<FileFormat, string> = {
  epub: 'application/epub+zip',
  fb2: 'application/x-fictionbook+xml',
  txt: 'text/plain; charset=utf-8',
};

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
  query: { file_format: FileFormat; layout: 'translated' | 'bilingual' },
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
  // The reader's edits are in every download, also one asked for right after an edit.
  t = await freshOutputs({ db: deps.db, files: deps.storage }, t);
  const key = bilingual ? t.outputs.bilingualEpub : t.outputs[query.file_format];
  const book = await booksRepository.findById(deps.db, t.bookId);
  if (!key || !book) throw new AppError('NOT_FOUND', 'The translated file is missing');
  const filename = downloadFilename(book.title, t.targetLanguage, query.file_format, bilingual);
  return {
    stream: await deps.storage.get(key),
    contentType: CONTENT_TYPES[query.file_format],
    disposition: contentDisposition(filename),
  };
}
