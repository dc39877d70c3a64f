export type CreditTier = 'FREE' | 'READER' | 'BOOKWORM';
export type Credits = Record<CreditTier, number>;

export const EMPTY_CREDITS: Credits = { FREE: 0, READER: 0, BOOKWORM: 0 };

/** Upload and add-translation need at least one credit across all tiers. */
export function totalCredits(credits: Partial<Credits> | null | undefined): number {
  if (!credits) return 0;
  return (credits.FREE ?? 0) + (credits.READER ?? 0) + (credits.BOOKWORM ?? 0);
}

/** The tier a new translation uses: BOOKWORM if it has credits, else READER, else FREE. */
export function activeTier(credits: Partial<Credits> | null | undefined): CreditTier {
  if ((credits?.BOOKWORM ?? 0) > 0) return 'BOOKWORM';
  if ((credits?.READER ?? 0) > 0) return 'READER';
  return 'FREE';
}

/** Any plan below BookWorm can still be upgraded. */
export function canUpgrade(plan: string | null | undefined): boolean {
  return normalizePlan(plan) !== 'bookworm';
}

/** Maps plan names, including older ones (bibliophile, discover), to free | reader | bookworm. */
export function normalizePlan(plan: string | null | undefined): 'free' | 'reader' | 'bookworm' {
  const p = (plan ?? '').toLowerCase();
  if (p === 'bookworm' || p === 'bibliophile') return 'bookworm';
  if (p === 'reader' || p === 'discover') return 'reader';
  return 'free';
}

export const PLAN_LABEL = { free: 'Free', reader: 'Reader', bookworm: 'BookWorm' } as const;
