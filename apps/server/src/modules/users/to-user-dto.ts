import {
  type CreditBalances,
  creditTiers,
  subscriptionPlans,
  subscriptionStatuses,
  type User,
} from '@booktranslate/contract';
import type { UserRow } from '../../db/schema/users';

/**
 * The wire shape of a user (spec section 3): snake_case, display name with its fallbacks.
 * `freeCreditsPending`: what confirming the address will add (credits.service freeCreditsPending).
 */
export function toUserDto(row: UserRow, balances: CreditBalances, freeCreditsPending: number): User {
  const joined = `${row.firstName} ${row.lastName}`.trim();
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: row.fullName || joined || row.email,
    picture: row.picture,
    subscription_plan: oneOf(row.subscriptionPlan, subscriptionPlans, 'free'),
    subscription_status: oneOf(
      row.subscriptionStatus.replace(/^canceled$/i, 'cancelled'),
      subscriptionStatuses,
      'active',
    ),
    // Every tier's balance (credits.service's totalCredits): users imports no other module.
    available_credits: creditTiers.reduce((sum, tier) => sum + balances[tier], 0),
    credits_available: balances,
    billing_plan_type: row.billingPlanType
      ? oneOf(row.billingPlanType, ['month', 'year'] as const, null)
      : null,
    preferred_languages: row.preferredLanguages,
    email_notifications: row.emailNotifications,
    email_confirmed: row.emailVerified,
    free_credits_pending: freeCreditsPending,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// Plan columns are written by billing; an unexpected spelling must not turn every profile read into
// a 500 (which would lock the user out of the app), so values are lower-cased and checked here.
function oneOf<T extends string, F>(value: string, allowed: readonly T[], fallback: F): T | F {
  const lower = value.toLowerCase();
  return (allowed as readonly string[]).includes(lower) ? (lower as T) : fallback;
}
