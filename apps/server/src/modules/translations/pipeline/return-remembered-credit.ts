import type { CreditTier } from '@booktranslate/contract';
import type { Executor } from '../../../db/database';
import { returnCredit } from '../start/translation-credits';
import { translationsRepository as repo } from '../translations.repository';

/**
 * A translation whose every word came from the owner's translation memory costs no credit
 * (decision 270): the credit it held while it ran is given back when it completes. Once: the
 * refund's source id is the run's, and the row no longer holds a credit.
 */
export async function returnRememberedCredit(db: Executor, translationId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = await repo.lock(tx, translationId);
    if (t?.status !== 'completed' || !t.creditHeld || !t.creditTier || t.creditRun === null) return false;
    if (t.wordsTotal === 0 || t.wordsFromMemory < t.wordsTotal) return false;
    await returnCredit(tx, t.userId, t.id, t.creditRun, t.creditTier as CreditTier);
    await repo.update(tx, t.id, { creditHeld: false });
    return true;
  });
}
