import type { CreditBalances, User } from '@booktranslate/contract';
import type { UserRow } from '../../db/schema/users';
import { totalCredits } from '../credits/credits.service';

/** The wire shape of a user (spec section 3): snake_case, display name with its fallbacks. */
export function toUserDto(row: UserRow, balances: CreditBalances): User {
  const joined = `${row.firstName} ${row.lastName}`.trim();
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: row.fullName || joined || row.email,
    picture: row.picture,
    subscription_plan: row.subscriptionPlan as User['subscription_plan'],
    subscription_status: row.subscriptionStatus as User['subscription_status'],
    available_credits: totalCredits(balances),
    credits_available: balances,
    billing_plan_type: row.billingPlanType as User['billing_plan_type'],
    preferred_languages: row.preferredLanguages,
    email_notifications: row.emailNotifications,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
