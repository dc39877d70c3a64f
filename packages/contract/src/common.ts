import { z } from 'zod';

/** ISO 8601 timestamps in UTC on the wire (`2026-01-01T00:00:00.000Z`). */
export const Timestamp = z.iso.datetime({ offset: true });

export const Uuid = z.uuid();

/** Params of the `/:id/` endpoints. */
export const IdParams = z.object({ id: Uuid });

/** Page query of list endpoints: page starts at 1, default page size 10 (spec section 9). */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** The credit tiers, in the order credits are used: BOOKWORM, then READER, then FREE. */
export const creditTiers = ['BOOKWORM', 'READER', 'FREE'] as const;
export const CreditTier = z.enum(creditTiers);
export type CreditTier = z.infer<typeof CreditTier>;

export const CreditBalances = z.object({
  FREE: z.number().int(),
  READER: z.number().int(),
  BOOKWORM: z.number().int(),
});
export type CreditBalances = z.infer<typeof CreditBalances>;

export const subscriptionPlans = ['free', 'reader', 'bookworm'] as const;
export const SubscriptionPlan = z.enum(subscriptionPlans);
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;
