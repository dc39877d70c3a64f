import type { CreditTier, TranslationStatus } from '@booktranslate/contract';
import { lockOwnTranslation } from './lock-own-translation';
import { removeTranslationFiles } from './outputs/write-outputs';
import { returnCredit } from './start/translation-credits';
import { cancelRefundsCredit } from './translation-status';
import { translationsRepository as repo } from './translations.repository';
import type { TranslationsDeps } from './translations-deps';

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
