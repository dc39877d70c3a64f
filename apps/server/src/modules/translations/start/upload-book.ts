import { randomUUID } from 'node:crypto';
import type { Book as BookDto, Translation } from '@booktranslate/contract';
import type { BookSummary } from '@booktranslate/ebook/sandbox';
import type { BookRow } from '../../../db/schema/books';
import type { TranslationRow } from '../../../db/schema/translations';
import { AppError } from '../../../errors';
import { bookFields } from '../../books/book-fields';
import { booksRepository } from '../../books/books.repository';
import { ensureSomeCredit } from '../../books/ensure-some-credit';
import { inspectUpload } from '../../books/inspect-upload';
import { uploadedFile } from '../../books/presign-upload';
import { type ReceivedUpload, receiveUpload } from '../../books/receive-upload';
import { ensureStorageRoom } from '../../books/storage-quota';
import { storeCover } from '../../books/store-cover';
import { toBookDto } from '../../books/to-book-dto';
import type { UploadInput } from '../../books/upload-input';
import { usersRepository } from '../../users/users.repository';
import { toTranslationDto } from '../library/to-translation-dto';
import { queuePrepare } from '../pipeline/pipeline-queue';
import type { TranslationsDeps } from '../translations-deps';
import {
  ensureOtherLanguage,
  isUniqueViolation,
  laneOf,
  startTranslation,
  targetLanguageOf,
} from './start-translation';

/**
 * POST /books/ and POST /translations/: streams the file to storage, checks its type and (small
 * books) reads it, then creates the book, its first translation and the credit use in one
 * transaction and queues the pipeline. Any refusal removes what was stored. A book that would take
 * the user past the plan's storage is refused (413) from the declared length before a byte is
 * stored, and in any case in the transaction, by its real size.
 */
export async function uploadBook(
  deps: TranslationsDeps,
  userId: string,
  input: UploadInput,
): Promise<{ book: BookDto; translation: Translation }> {
  await ensureSomeCredit(deps.db, userId);
  if (input.kind === 'direct')
    return acceptUpload(deps, userId, await uploadedFile(deps, userId, input.upload));
  await ensureStorageRoom(deps.db, userId, input.declaredBytes);
  return acceptUpload(deps, userId, await receiveUpload(input.parts, deps.storage));
}

/** Turns a stored upload into a book with its first translation, or removes it with the refusal. */
async function acceptUpload(
  deps: TranslationsDeps,
  userId: string,
  upload: ReceivedUpload,
): Promise<{ book: BookDto; translation: Translation }> {
  const stored = [upload.key];
  let created: { row: BookRow; translation: TranslationRow };
  try {
    const language = targetLanguageOf(upload.fields.target_language ?? upload.fields.language);
    const lane = laneOf(upload.fields.lane, deps.economyLane);
    const { format, book } = await inspectUpload(upload, deps.storage);
    const metadata = metadataOf(book, upload.filename);
    ensureOtherLanguage(metadata, language);
    const bookId = randomUUID();
    const coverKey = await storeCover(deps.storage, bookId, book?.cover);
    if (coverKey) stored.push(coverKey);
    created = await deps.db.transaction(async (tx) => {
      // Before the book row references the user (see startTranslation). Also one user's uploads
      // queue up here, so two at once cannot both fit the storage left.
      await usersRepository.lock(tx, userId);
      await ensureStorageRoom(tx, userId, upload.size);
      const row = await booksRepository.insert(tx, {
        id: bookId,
        userId,
        ...metadata,
        originalFormat: format,
        originalFilename: upload.filename,
        originalKey: upload.key,
        coverKey,
        fileSize: upload.size,
      });
      const reviewGlossary = upload.fields.review_glossary === 'true';
      return { row, translation: await startTranslation(tx, row, language, { reviewGlossary, lane }) };
    });
  } catch (error) {
    for (const key of stored) await deps.storage.delete(key).catch(() => {});
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', 'This book already has a translation into that language');
    throw error;
  }
  // After the commit the files belong to the book: a failed send leaves them for a retry.
  const { row, translation } = created;
  await queuePrepare(deps, { translationId: translation.id, run: 1 });
  const shown = toTranslationDto(translation, row);
  return { book: await toBookDto(row, [shown], deps.storage), translation: shown };
}

function metadataOf(book: BookSummary | null, filename: string) {
  if (book) return bookFields(book, filename);
  // Parsed later by the pipeline's parsing step (large files).
  return {
    title: filename.replace(/\.[^.]+$/, '') || 'Untitled',
    author: '',
    originalLanguage: null,
    wordCount: null,
  };
}
