import type { CreditTier, Translation, TranslationStatus } from '@booktranslate/contract';
import type { Database } from '../../db/database';
import type { TranslationRow } from '../../db/schema/translations';
import { AppError } from '../../errors';
import { booksRepository } from '../books/books.repository';
import { keptOriginal } from '../books/kept-original';
import { toTranslationDto } from './library/to-translation-dto';
import { lockOwnTranslation } from './lock-own-translation';
import { removeTranslationFiles } from './outputs/write-outputs';
import { queuePrepare } from './pipeline/pipeline-queue';
import { returnCredit, takeCredit } from './start/translation-credits';
import { cancelRefundsCredit, canRetry, isWorking } from './translation-status';
import { translationsRepository as repo } from './translations.repository';
import type { TranslationsDeps } from './translations-deps';

export async function ownTranslation(db: Database, userId: string, id: string): Promise<TranslationRow> {
  const t = await repo.findForUser(db, userId, id);
  if (!t) throw new AppError('NOT_FOUND', 'Translation not found');
  return t;
}

export async function translationDto(db: Database, t: TranslationRow): Promise<Translation> {
  const book = await booksRepository.findById(db, t.bookId);
  if (!book) throw new AppError('NOT_FOUND', 'Translation not found');
  return toTranslationDto(t, book);
}

export async function getTranslation(
  deps: TranslationsDeps,
  userId: string,
  id: string,
): Promise<Translation> {
  const found = await repo.findForUserWithBook(deps.db, userId, id);
  if (!found) throw new AppError('NOT_FOUND', 'Translation not found');
  return toTranslationDto(found.translation, found.book);
}

export async function listTranslations(
  deps: TranslationsDeps,
  userId: string,
  query: { page: number; limit: number; status: TranslationStatus | 'all' },
) {
  const { rows, total } = await repo.list(deps.db, userId, query);
  const items = await Promise.all(rows.map((t) => translationDto(deps.db, t)));
  return { items, total, page: query.page, limit: query.limit };
}

/**
 * Cancel: the run ends at once (its queued and in-flight jobs see a newer run and stop; blocks
 * already translated stay saved for a retry). The credit comes back when translating had not begun.
 */
export async function cancelTranslation(
  deps: TranslationsDeps,
  userId: string,
  id: string,
): Promise<Translation> {
  const updated = await deps.db.transaction(async (tx) => {
    const t = await lockOwnTranslation(tx, userId, id);
    if (!isWorking(t.status as TranslationStatus)) {
      throw new AppError('CONFLICT', `A ${t.status} translation cannot be canceled`);
    }
    const refund = t.creditHeld && cancelRefundsCredit(t.status as TranslationStatus);
    if (refund && t.creditTier && t.creditRun !== null) {
      await returnCredit(tx, t.userId, t.id, t.creditRun, t.creditTier as CreditTier);
    }
    return repo.update(tx, t.id, {
      status: 'canceled',
      run: t.run + 1,
      creditHeld: refund ? false : t.creditHeld,
      estimatedCompletion: null,
    });
  });
  return translationDto(deps.db, updated!);
}

/**
 * Retry of a failed or canceled translation: a new run resumes from the saved blocks. It takes a
 * credit again only when the previous one was given back (402 without one), and needs the book's
 * original (409 once it was deleted after the retry window). A translation that failed because of
 * its book (failure kind 'book') would fail the same way: 422 with the reason (decision 210).
 */
export async function retryTranslation(
  deps: TranslationsDeps,
  userId: string,
  id: string,
): Promise<Translation> {
  const updated = await deps.db.transaction(async (tx) => {
    const t = await lockOwnTranslation(tx, userId, id);
    if (!canRetry(t.status as TranslationStatus)) {
      throw new AppError('CONFLICT', 'Only a failed or canceled translation can be retried');
    }
    if (t.status === 'failed' && t.failureKind === 'book') {
      throw new AppError('UNPROCESSABLE', t.failureReason ?? 'The book cannot be read or written.', {
        reason: 'book',
      });
    }
    await keptOriginal(tx, t.bookId, { lock: false });
    const run = t.run + 1;
    const credit = t.creditHeld
      ? {}
      : { creditTier: await takeCredit(tx, userId, t.id, run), creditHeld: true, creditRun: run };
    return repo.update(tx, t.id, {
      ...credit,
      status: 'pending',
      run,
      failureReason: null,
      failureKind: null,
      estimatedCompletion: null,
      translatingStartedAt: null,
    });
  });
  await queuePrepare(deps, { translationId: updated!.id, run: updated!.run });
  return translationDto(deps.db, updated!);
}

/** DELETE /translations/{id}/: like a cancel for the credit, then the record and its files go. */
export async function deleteTranslation(deps: TranslationsDeps, userId: string, id: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const t = await lockOwnTranslation(tx, userId, id);
    if (
      t.creditHeld &&
      cancelRefundsCredit(t.status as TranslationStatus) &&
      t.creditTier &&
      t.creditRun !== null
    ) {
      await returnCredit(tx, t.userId, t.id, t.creditRun, t.creditTier as CreditTier);
    }
    await repo.delete(tx, t.id);
    return t;
  });
  await removeTranslationFiles(deps.storage, removed.id);
}

export async function rateTranslation(
  deps: TranslationsDeps,
  userId: string,
  id: string,
  body: { rating: number; comment?: string | undefined },
): Promise<Translation> {
  const t = await ownTranslation(deps.db, userId, id);
  const updated = await repo.update(deps.db, t.id, {
    rating: body.rating,
    ratingComment: body.comment ?? null,
  });
  return translationDto(deps.db, updated!);
}
