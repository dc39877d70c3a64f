import type { CreditTier, Translation, TranslationStatus } from '@booktranslate/contract';
import { AppError } from '../../errors';
import { changeOwnTranslation } from './lock-own-translation';
import { returnCredit } from './start/translation-credits';
import { translationDto } from './translation-dto';
import { cancelRefundsCredit, isWorking } from './translation-status';
import { translationsRepository as repo } from './translations.repository';
import type { TranslationsDeps } from './translations-deps';

/**
 * Cancel: the run ends at once (its queued and in-flight jobs see a newer run and stop; blocks
 * already translated stay saved for a retry). The credit comes back when translating had not begun.
 */
export async function cancelTranslation(
  deps: TranslationsDeps,
  userId: string,
  id: string,
): Promise<Translation> {
  const updated = await changeOwnTranslation(deps.db, userId, id, async (tx, t) => {
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
  return translationDto(deps.db, updated);
}
