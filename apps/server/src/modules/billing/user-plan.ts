import type { Executor } from '../../db/database';
import type { SubscriptionRow } from '../../db/schema/billing';
import { usersRepository } from '../users/users.repository';
import { billingRepository } from './billing.repository';

/**
 * The subscription that decides the user's plan now: an active one, else a suspended one, else a
 * cancelled or expired one whose paid period has not ended. Undefined: the Free plan.
 */
export function currentSubscription(rows: SubscriptionRow[], now: Date): SubscriptionRow | undefined {
  return (
    rows.find((row) => row.status === 'ACTIVE') ??
    rows.find((row) => row.status === 'SUSPENDED') ??
    rows.find(
      (row) => (row.status === 'CANCELLED' || row.status === 'EXPIRED') && row.endsAt && row.endsAt > now,
    )
  );
}

/**
 * Writes the user's plan, status and billing interval from their subscriptions (the users row is a
 * cache of this). Derived from the stored state only, so the order of events never matters.
 */
export async function refreshUserPlan(db: Executor, userId: string, now: Date): Promise<void> {
  const current = currentSubscription(await billingRepository.listForUser(db, userId), now);
  const next = current
    ? {
        subscriptionPlan: current.plan,
        subscriptionStatus:
          current.status === 'ACTIVE' ? 'active' : current.status === 'SUSPENDED' ? 'suspended' : 'cancelled',
        billingPlanType: current.billingPeriod,
      }
    : { subscriptionPlan: 'free', subscriptionStatus: 'active', billingPlanType: null };
  const user = await usersRepository.planCacheOf(db, userId);
  if (!user) return;
  const same =
    user.subscriptionPlan === next.subscriptionPlan &&
    user.subscriptionStatus === next.subscriptionStatus &&
    user.billingPlanType === next.billingPlanType;
  if (!same) await usersRepository.setPlanCache(db, userId, next);
}
