import type { CreditTier } from '@booktranslate/contract';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../errors';
import { refundCredit, spendCredit } from '../../credits/credits.service';

/**
 * The one credit a translation holds, on the shared ledger. Runs inside the transaction that creates
 * (or restarts) the translation; spendCredit locks the user's row, so fifty parallel uploads with one
 * credit serialize and exactly one finds a balance. Source ids carry the run, so a retry after a
 * refund takes a fresh credit and a repeated refund is a no-op.
 */
export async function takeCredit(
  tx: Executor,
  userId: string,
  translationId: string,
  run: number,
): Promise<CreditTier> {
  const tier = await spendCredit(tx, userId, `translation:${translationId}:${run}`);
  if (!tier)
    throw new AppError(
      'INSUFFICIENT_CREDITS',
      'No translation credits left. Upgrade your plan to get credits.',
    );
  return tier;
}

/** Gives back the credit taken for `run` (once). */
export async function returnCredit(
  tx: Executor,
  userId: string,
  translationId: string,
  run: number,
  tier: CreditTier,
): Promise<void> {
  await refundCredit(tx, userId, tier, `refund:translation:${translationId}:${run}`);
}
