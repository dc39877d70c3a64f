import { z } from 'zod';
import { CreditBalances, SubscriptionPlan, Timestamp, Uuid } from './common';
import { defineRoute } from './route';

export const subscriptionStatuses = ['active', 'pending', 'suspended', 'cancelled', 'expired'] as const;

/** The signed-in user as the spec's section 3 lists the backend fields, snake_case. */
export const User = z
  .object({
    id: Uuid,
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    /** Display name; falls back to first + last name, then the email. */
    full_name: z.string(),
    picture: z.string().nullable(),
    subscription_plan: SubscriptionPlan,
    subscription_status: z.enum(subscriptionStatuses),
    /** Sum of all tiers. */
    available_credits: z.number().int(),
    credits_available: CreditBalances,
    /** Billing interval of a paid plan; null on the Free plan. */
    billing_plan_type: z.enum(['month', 'year']).nullable(),
    preferred_languages: z.array(z.string()).max(3),
    email_notifications: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const getProfile = defineRoute({
  method: 'GET',
  path: '/users/profile/',
  summary: 'The signed-in user with plan and credit balances',
  auth: true,
  // The settings screen adds `_t` to bust caches; accept and ignore it.
  query: z.object({ _t: z.string().optional() }),
  response: User,
});

export const usersRoutes = { getProfile } as const;
