import type { CreditTier } from '@booktranslate/contract';
import type { Executor } from '../../db/database';
import { creditsRepository } from './credits.repository';

export interface TakeBack {
  userId: string;
  tier: CreditTier;
  /** At most this many; every credit of the tier when omitted. */
  upTo?: number;
  /** The ledger's reason: `payment-refund` (14-day refund), `expiry` (immediate cancellation). */
  reason: string;
  /** Idempotency key: a repeat takes nothing more and answers what the first call took. */
  sourceId: string;
}

/**
 * Takes back up to `upTo` unspent credits of one tier, never more than the balance, in the caller's
 * transaction. It locks the ledger first: a spend racing with it either came before (that credit is
 * spent, not taken back) or comes after and finds the credits gone. Answers how many it took back.
 * @example const taken = await takeBackCredits(tx, { userId, tier: 'BOOKWORM', upTo: 7, reason: 'payment-refund', sourceId });
 */
export async function takeBackCredits(tx: Executor, entry: TakeBack): Promise<number> {
  await creditsRepository.lockLedger(tx, entry.userId);
  const earlier = await creditsRepository.findBySource(tx, entry.sourceId);
  if (earlier) return -earlier.amount;
  const balance = (await creditsRepository.balances(tx, entry.userId))[entry.tier];
  const amount = Math.min(entry.upTo ?? balance, balance);
  if (amount <= 0) return 0;
  await creditsRepository.record(tx, {
    userId: entry.userId,
    tier: entry.tier,
    amount: -amount,
    reason: entry.reason,
    sourceId: entry.sourceId,
  });
  return amount;
}

/** What an earlier take-back under `sourceId` took (0 when there was none). */
export async function takenBackFor(tx: Executor, sourceId: string): Promise<number> {
  const earlier = await creditsRepository.findBySource(tx, sourceId);
  return earlier ? -earlier.amount : 0;
}
