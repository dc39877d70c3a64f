import { type CreditTier, noCreditsMessage } from '@booktranslate/contract';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../errors';
import { refundCredit, spendCredit } from '../../credits/credits.service';

/**
 * The one credit a translation holds, on the shared ledger. Runs inside the transaction that creates
 * (or restarts) the translation; spendCredit locks the user's row, so fifty parallel uploads with one
 * credit serialize and exactly one finds a balance. Source ids carry the run, so a retry after a
 * refund takes a fresh credit and a repeated refund is a no-op. `tiers` limits what it may spend
 * (the paid ones for a whole book after a Free preview, decision 227).
 */
export async function takeCredit(
  tx: Executor,
  userId: string,
  translationId: string,
  run: number,
  tiers?: readonly CreditTier[],
): Promise<CreditTier> {
  const tier = await spendCredit(tx, userId, `translation:${translationId}:${run}`, 'translation', tiers);
  if (!tier) throw new AppError('INSUFFICIENT_CREDITS', noCreditsMessage);
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
