import type { CreditTier } from '@booktranslate/contract';
import type { Database } from '../../../db/database';
import type { TranslationRow } from '../../../db/schema/translations';
import { returnCredit } from '../start/translation-credits';
import type { TranslationStatus } from '../translation-status';
import { isWorking } from '../translation-status';
import { translationsRepository as repo } from '../translations.repository';

/** 'book': the book itself cannot be read or written within the sandbox's bounds; a retry is refused. */
export type FailureKind = 'book';

/**
 * Ends a run as failed with a readable reason and gives its credit back: a failure is never the
 * reader's doing (a book we cannot read is refused at upload when it is small enough; a large one
 * found unreadable later is treated the same way, so nothing is spent on it).
 */
export async function failTranslation(
  db: Database,
  translationId: string,
  run: number,
  reason: string,
  options: {
    /** Keep the credit spent (a translation stopped at its spend ceiling). */
    keepCredit?: boolean;
    /** Why, for rules: 'book' makes a retry answer 422 with the reason (decision 210). */
    kind?: FailureKind | null;
    /** Checked on the locked row: false leaves the translation as it is. */
    onlyIf?: (t: TranslationRow) => boolean;
  } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = await repo.lock(tx, translationId);
    if (!t || t.run !== run || !isWorking(t.status as TranslationStatus)) return false;
    if (options.onlyIf && !options.onlyIf(t)) return false;
    if (!options.keepCredit && t.creditHeld && t.creditTier && t.creditRun !== null) {
      await returnCredit(tx, t.userId, t.id, t.creditRun, t.creditTier as CreditTier);
    }
    await repo.update(tx, t.id, {
      status: 'failed',
      failureReason: reason,
      failureKind: options.kind ?? null,
      creditHeld: options.keepCredit ? t.creditHeld : false,
      estimatedCompletion: null,
    });
    return true;
  });
}
