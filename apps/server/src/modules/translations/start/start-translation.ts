import { baseLanguage, findLanguage, languageLabel, sameLanguage } from '@booktranslate/contract';
import type { Executor } from '../../../db/database';
import type { BookRow } from '../../../db/schema/books';
import type { TranslationRow } from '../../../db/schema/translations';
import { AppError } from '../../../errors';
import { creditsRepository } from '../../credits/credits.repository';
import { translationsRepository as repo } from '../translations.repository';
import { wordLimitFor } from './credit-rules';
import { takeCredit } from './translation-credits';

/** A target language the product offers, in its canonical spelling; 400 otherwise. */
export function targetLanguageOf(value: string | undefined): string {
  const language = findLanguage(value?.trim());
  if (!language)
    throw new AppError('VALIDATION_ERROR', 'Choose a supported target language', {
      field: 'target_language',
    });
  return language.code;
}

/** 400 when the target is the book's own language (compared by base language: en-gb is English). */
export function ensureOtherLanguage(book: Pick<BookRow, 'originalLanguage'>, targetLanguage: string): void {
  if (sameLanguage(book.originalLanguage, targetLanguage)) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The book is already in ${nameOf(book.originalLanguage ?? targetLanguage)}. Choose another language.`,
      { field: 'target_language', reason: 'same-language' },
    );
  }
}

function nameOf(code: string): string {
  return languageLabel(findLanguage(code) ? code : baseLanguage(code)).replace(' (beta)', '');
}

/**
 * Creates a pending translation and takes its credit in the caller's transaction, so either both
 * exist or neither does. 400 for the book's own language, 409 when the book already has this
 * language, 402 without credits.
 */
export async function startTranslation(
  tx: Executor,
  book: BookRow,
  targetLanguage: string,
  options: { reviewGlossary?: boolean; lane?: 'standard' | 'economy' } = {},
): Promise<TranslationRow> {
  ensureOtherLanguage(book, targetLanguage);
  // The ledger's lock (the user's row) is taken before anything references the user: inserts that
  // point at a user take a share lock on its row, and a later FOR UPDATE behind them would deadlock
  // with a parallel upload.
  await creditsRepository.lockLedger(tx, book.userId);
  if (await repo.findByBookLanguage(tx, book.id, targetLanguage)) {
    throw new AppError('CONFLICT', 'This book already has a translation into that language');
  }
  const created = await repo.insert(tx, {
    bookId: book.id,
    userId: book.userId,
    targetLanguage,
    sourceLanguage: book.originalLanguage,
    status: 'pending',
    run: 1,
    reviewGlossary: options.reviewGlossary ?? false,
    lane: options.lane ?? 'standard',
  });
  const tier = await takeCredit(tx, book.userId, created.id, 1);
  const updated = await repo.update(tx, created.id, {
    creditTier: tier,
    creditHeld: true,
    creditRun: 1,
    wordLimit: wordLimitFor(tier),
  });
  return updated!;
}

/**
 * The lane asked for: `economy` only where the operator enables it (422 otherwise, before anything
 * is stored or spent); anything else is `standard`.
 */
export function laneOf(asked: string | undefined, economyLane: boolean | undefined): 'standard' | 'economy' {
  if (asked !== 'economy') return 'standard';
  if (!economyLane)
    throw new AppError('UNPROCESSABLE', 'The economy lane is not offered on this service', {
      field: 'lane',
      reason: 'economy-lane-off',
    });
  return 'economy';
}

/** PostgreSQL's unique violation: two requests raced for the same book and language. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
