import { type CreditBalances, type CreditTier, creditTiers } from '@booktranslate/contract';
import type { Executor } from '../../db/database';
import { creditsRepository } from './credits.repository';

/** Credits a new account starts with: 2 Free trial translations (spec section 9). */
export const SIGNUP_FREE_CREDITS = 2;

export function totalCredits(balances: CreditBalances): number {
  return balances.FREE + balances.READER + balances.BOOKWORM;
}

const signupSourceId = (userId: string) => `signup:${userId}`;

/**
 * Grants the sign-up credits; idempotent per user. Called once the address is confirmed (decision
 * 218), through the once-per-address rule (free-credit-claims.ts).
 */
export function grantSignupCredits(db: Executor, userId: string): Promise<boolean> {
  return creditsRepository.record(db, {
    userId,
    tier: 'FREE',
    amount: SIGNUP_FREE_CREDITS,
    reason: 'signup',
    sourceId: signupSourceId(userId),
  });
}

/**
 * The Free credits confirming the address will add: the sign-up grant while the address is
 * unconfirmed and the account never had it (accounts older than confirmation links had it at
 * sign-up), else 0. A re-registered address that already had them is still told it will get them:
 * the claim is decided at confirmation (decision 218).
 */
export async function freeCreditsPending(
  db: Executor,
  user: { id: string; emailVerified: boolean },
): Promise<number> {
  if (user.emailVerified) return 0;
  const granted = await creditsRepository.findBySource(db, signupSourceId(user.id));
  return granted ? 0 : SIGNUP_FREE_CREDITS;
}

/**
 * Spends one credit for `sourceId` (e.g. `translation:<id>`), from BOOKWORM, then READER, then FREE
 * (only from `tiers` when given: the rest of a Free preview takes a paid credit, decision 227).
 * Must run inside a transaction: it takes the ledger's lock, so two uploads cannot spend the same
 * credit (ASVS 2.3.4) and a refund decided at the same moment sees this spend or none. Returns the
 * tier used, the tier already used for this source id (idempotent), or null when every balance it
 * may spend from is empty.
 */
export async function spendCredit(
  tx: Executor,
  userId: string,
  sourceId: string,
  reason = 'translation',
  tiers: readonly CreditTier[] = creditTiers,
): Promise<CreditTier | null> {
  await creditsRepository.lockLedger(tx, userId);
  const previous = await creditsRepository.findBySource(tx, sourceId);
  if (previous) return previous.tier as CreditTier;
  const balances = await creditsRepository.balances(tx, userId);
  const tier = creditTiers.find((candidate) => tiers.includes(candidate) && balances[candidate] > 0) ?? null;
  if (!tier) return null;
  await creditsRepository.record(tx, { userId, tier, amount: -1, reason, sourceId });
  return tier;
}

/** Gives a spent credit back (failed translation). Idempotent per `sourceId` (e.g. `refund:translation:<id>`). */
export function refundCredit(
  tx: Executor,
  userId: string,
  tier: CreditTier,
  sourceId: string,
): Promise<boolean> {
  return creditsRepository.record(tx, { userId, tier, amount: 1, reason: 'refund', sourceId });
}
