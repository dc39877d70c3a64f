import { randomUUID } from 'node:crypto';
import type { Book as BookDto, Translation } from '@booktranslate/contract';
import type { BookSummary } from '@booktranslate/ebook/sandbox';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import type { BookRow } from '../../db/schema/books';
import { AppError } from '../../errors';
import { ownerUnfinishedTranslations } from '../translations/chunk-backlog.repository';
import { chunkPriorities } from '../translations/fair-share';
import { jobId } from '../translations/job-ids';
import { type JobSender, PIPELINE_JOBS } from '../translations/pipeline-deps';
import {
  ensureOtherLanguage,
  isUniqueViolation,
  startTranslation,
  targetLanguageOf,
} from '../translations/start-translation';
import { toTranslationDto } from '../translations/to-translation-dto';
import { translationsRepository } from '../translations/translations.repository';
import { usersRepository } from '../users/users.repository';
import { bookFields } from './book-fields';
import type { BookStorage } from './book-storage';
import { booksRepository } from './books.repository';
import { ensureSomeCredit } from './ensure-some-credit';
import { inspectUpload } from './inspect-upload';
import { uploadedFile } from './presign-upload';
import { type ReceivedUpload, receiveUpload } from './receive-upload';
import { storeCover } from './store-cover';
import { toBookDto } from './to-book-dto';

export interface BooksDeps {
  db: Database;
  storage: BookStorage;
  jobs: JobSender;
}

/**
 * POST /books/ and POST /translations/: streams the file to storage, checks its type and (small
 * books) reads it, then creates the book, its first translation and the credit use in one
 * transaction and queues the pipeline. Any refusal removes what was stored.
 */
export async function uploadBook(
  deps: BooksDeps,
  userId: string,
  request: FastifyRequest,
): Promise<{ book: BookDto; translation: Translation }> {
  await ensureSomeCredit(deps.db, userId);
  if (!request.isMultipart())
    return acceptUpload(deps, userId, await uploadedFile(deps, userId, request.body));
  return acceptUpload(deps, userId, await receiveUpload(request, deps.storage));
}

/** Turns a stored upload into a book with its first translation, or removes it with the refusal. */
async function acceptUpload(
  deps: BooksDeps,
  userId: string,
  upload: ReceivedUpload,
): Promise<{ book: BookDto; translation: Translation }> {
  const stored = [upload.key];
  try {
    const language = targetLanguageOf(upload.fields.target_language ?? upload.fields.language);
    const { format, book } = await inspectUpload(upload, deps.storage);
    const metadata = metadataOf(book, upload.filename);
    ensureOtherLanguage(metadata, language);
    const bookId = randomUUID();
    const coverKey = await storeCover(deps.storage, bookId, book?.cover);
    if (coverKey) stored.push(coverKey);
    const { row, translation } = await deps.db.transaction(async (tx) => {
      // Before the book row references the user (see startTranslation).
      await usersRepository.lock(tx, userId);
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
      return { row, translation: await startTranslation(tx, row, language, { reviewGlossary }) };
    });
    await queuePipeline(deps, translation.id, 1);
    return {
      book: await toBookDto(row, [translation], deps.storage),
      translation: toTranslationDto(translation, row),
    };
  } catch (error) {
    for (const key of stored) await deps.storage.remove(key).catch(() => {});
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', 'This book already has a translation into that language');
    throw error;
  }
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

/** Queues the prepare step, behind the owner's other unfinished translations (decision 160). */
export async function queuePipeline(
  deps: { db: Database; jobs: JobSender },
  translationId: string,
  run: number,
): Promise<void> {
  const ahead = await ownerUnfinishedTranslations(deps.db, translationId);
  await deps.jobs.send(
    PIPELINE_JOBS.prepare,
    { translationId, run },
    { id: jobId('prepare', translationId, run), priority: chunkPriorities(ahead, 1)[0] },
  );
}

/** POST /books/{id}/add_translation/: one more language for a book the user owns. */
export async function addTranslation(
  deps: BooksDeps,
  userId: string,
  bookId: string,
  target: string,
): Promise<Translation> {
  const book = await ownBook(deps.db, userId, bookId);
  const language = targetLanguageOf(target);
  try {
    const translation = await deps.db.transaction((tx) => startTranslation(tx, book, language));
    await queuePipeline(deps, translation.id, 1);
    return toTranslationDto(translation, book);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', 'This book already has a translation into that language');
    throw error;
  }
}

export async function ownBook(db: Database, userId: string, bookId: string): Promise<BookRow> {
  const book = await booksRepository.findForUser(db, userId, bookId);
  if (!book) throw new AppError('NOT_FOUND', 'Book not found');
  return book;
}

export async function getBook(deps: BooksDeps, userId: string, bookId: string): Promise<BookDto> {
  const book = await ownBook(deps.db, userId, bookId);
  return toBookDto(book, await translationsRepository.forBooks(deps.db, [book.id]), deps.storage);
}

export async function listBooks(
  deps: BooksDeps,
  userId: string,
  query: { page: number; limit: number; search?: string | undefined },
) {
  const { rows, total } = await booksRepository.list(deps.db, userId, query);
  const translations = await translationsRepository.forBooks(
    deps.db,
    rows.map((r) => r.id),
  );
  const items = await Promise.all(
    rows.map((row) =>
      toBookDto(
        row,
        translations.filter((t) => t.bookId === row.id),
        deps.storage,
      ),
    ),
  );
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
  const keys = [
    book.originalKey,
    book.coverKey,
    ...translations.flatMap((t) => Object.values(t.outputs ?? {})),
  ];
  for (const key of keys) if (key) await deps.storage.remove(key).catch(() => {});
}

export async function downloadOriginal(deps: BooksDeps, userId: string, bookId: string) {
  const book = await ownBook(deps.db, userId, bookId);
  const expiresIn = 3600;
  const downloadUrl = await deps.storage.signedUrl(book.originalKey, {
    expiresIn,
    filename: book.originalFilename,
  });
  return { downloadUrl, expires_in: expiresIn };
}
