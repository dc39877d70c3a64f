import type { Translation } from '@booktranslate/contract';
import { AppError } from '../../../errors';
import { ownBook } from '../../books/books.service';
import { keptOriginal } from '../../books/kept-original';
import { toTranslationDto } from '../library/to-translation-dto';
import { queuePrepare } from '../pipeline/pipeline-queue';
import type { TranslationsDeps } from '../translations-deps';
import { isUniqueViolation, laneOf, startTranslation, targetLanguageOf } from './start-translation';

/** POST /books/{id}/add_translation/: one more language for a book the user owns. */
export async function addTranslation(
  deps: Pick<TranslationsDeps, 'db' | 'jobs' | 'economyLane'>,
  userId: string,
  bookId: string,
  target: string,
  askedLane?: string,
): Promise<Translation> {
  const lane = laneOf(askedLane, deps.economyLane);
  const book = await ownBook(deps.db, userId, bookId);
  const language = targetLanguageOf(target);
  try {
    const translation = await deps.db.transaction(async (tx) => {
      await keptOriginal(tx, book.id, { lock: true });
      return startTranslation(tx, book, language, { lane });
    });
    await queuePrepare(deps, { translationId: translation.id, run: 1 });
    return toTranslationDto(translation, book);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', 'This book already has a translation into that language');
    throw error;
  }
}
