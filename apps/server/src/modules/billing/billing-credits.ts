import { type CreditBalances, type CreditTier, creditTiers, noCreditsMessage } from '@booktranslate/contract';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { creditsRepository } from '../credits/credits.repository';
import { spendCredit, totalCredits } from '../credits/credits.service';

export function activeTier(balances: CreditBalances): CreditTier | null {
  return creditTiers.find((tier) => balances[tier] > 0) ?? null;
}

export async function creditsOverview(db: Database, userId: string) {
  const balances = await creditsRepository.balances(db, userId);
  const history = await creditsRepository.recentEntries(db, userId, 50);
  return {
    credits_available: balances,
    available_credits: totalCredits(balances),
    active_tier: activeTier(balances),
    history: history.map((row) => ({
      id: row.id,
      tier: row.tier as CreditTier,
      amount: row.amount,
      reason: row.reason,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

export async function availableCredits(db: Database, userId: string) {
  const balances = await creditsRepository.balances(db, userId);
  return { ...balances, total: totalCredits(balances), active_tier: activeTier(balances) };
}

/**
 * POST /billing/credits/use_for_translation/: spends `credits` through the ledger, all or none, once
 * per translation id (a repeat returns the tiers already used). The user row lock makes concurrent
 * requests for the last credit take turns: exactly one wins, the other gets 402.
 */
export async function useCredits(db: Database, userId: string, translationId: string, credits: number) {
  const tiers = await db.transaction(async (tx) => {
    const used: CreditTier[] = [];
    for (let i = 0; i < credits; i++) {
      const tier = await spendCredit(tx, userId, `use:${userId}:${translationId}:${i}`);
      if (!tier) {
        throw new AppError('INSUFFICIENT_CREDITS', noCreditsMessage, {
          needed: credits,
        });
      }
      used.push(tier);
    }
    return used;
  });
  const balances = await creditsRepository.balances(db, userId);
  return {
    success: true as const,
    tiers_used: tiers,
    credits_available: balances,
    available_credits: totalCredits(balances),
  };
}
