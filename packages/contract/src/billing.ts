import { z } from 'zod';
import {
  ActivationResult,
  AvailableCredits,
  BillingAnalytics,
  BillingSummary,
  CancelSubscriptionBody,
  ChangePlanBody,
  ChangePlanResult,
  CreditAnalytics,
  CreditsOverview,
  PlanList,
  PlansByPeriod,
  PlansQuery,
  RefundBody,
  RefundCalculation,
  RefundResult,
  StartedSubscription,
  Subscription,
  SubscriptionList,
  TransactionList,
  TransactionsByType,
  TransactionsQuery,
  Usage,
  UseCreditsBody,
  UseCreditsResult,
} from './billing-schemas';
import { defineRoute } from './route';

export * from './billing-schemas';

/** PayPal subscription ids look like I-BW452GLLEP1G; the API also accepts our own uuid. */
const ProviderIdParams = z.object({
  id: z
    .string()
    .trim()
    .min(3)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/),
});

const get = <const P extends `/${string}`>(path: P, summary: string) => ({
  method: 'GET' as const,
  path,
  summary,
});

export const listPlans = defineRoute({
  ...get('/billing/plans/', 'The plan catalogue; billing_period picks the prices and PayPal plan ids'),
  auth: false,
  query: PlansQuery,
  response: PlanList,
});
export const plansByPeriod = defineRoute({
  ...get('/billing/plans/by_billing_period/', 'The plan catalogue for monthly and yearly billing'),
  auth: false,
  response: PlansByPeriod,
});
export const getCredits = defineRoute({
  ...get('/billing/credits/', 'Credit balances per tier with recent ledger entries'),
  auth: true,
  response: CreditsOverview,
});
export const availableCredits = defineRoute({
  ...get('/billing/credits/available/', 'Credit balances per tier'),
  auth: true,
  response: AvailableCredits,
});
export const useCredits = defineRoute({
  method: 'POST',
  path: '/billing/credits/use_for_translation/',
  summary: 'Spends credits (BOOKWORM, then READER, then FREE) once per translation id',
  auth: true,
  body: UseCreditsBody,
  response: UseCreditsResult,
});
export const startPaypalSubscription = defineRoute({
  method: 'POST',
  path: '/billing/paypal/subscription/',
  summary:
    'Creates the PayPal subscription for a plan, bound to the signed-in account, for the buyer to approve',
  auth: true,
  body: ChangePlanBody,
  response: StartedSubscription,
});
export const activatePaypal = defineRoute({
  method: 'POST',
  path: '/billing/paypal/subscription/:id/activate/',
  summary:
    'Confirms an approved PayPal subscription started from this account with PayPal, then switches the plan (a write: POST with the CSRF token)',
  auth: true,
  params: ProviderIdParams,
  response: ActivationResult,
});
export const paypalWebhook = defineRoute({
  method: 'POST',
  path: '/billing/webhooks/paypal/',
  summary: 'PayPal webhook listener (signature verified with PayPal)',
  auth: false,
  body: z.record(z.string(), z.unknown()),
  response: z.object({ received: z.boolean(), duplicate: z.boolean() }),
});
export const listSubscriptions = defineRoute({
  ...get('/billing/subscriptions/', "The user's subscriptions, newest first"),
  auth: true,
  response: SubscriptionList,
});
export const getSubscription = defineRoute({
  ...get('/billing/subscriptions/:id/', 'One subscription (our id or the PayPal id)'),
  auth: true,
  params: ProviderIdParams,
  response: Subscription,
});
export const cancelSubscription = defineRoute({
  method: 'POST',
  path: '/billing/subscriptions/:id/cancel/',
  summary: 'Cancels at the end of the period (default) or immediately; cancels at PayPal; idempotent',
  auth: true,
  params: ProviderIdParams,
  body: CancelSubscriptionBody,
  response: Subscription,
});
export const upgrade = defineRoute({
  method: 'POST',
  path: '/billing/subscriptions/upgrade/',
  summary: 'What to do to move to a higher plan',
  auth: true,
  body: ChangePlanBody,
  response: ChangePlanResult,
});
export const downgrade = defineRoute({
  method: 'POST',
  path: '/billing/subscriptions/downgrade/',
  summary: 'What to do to move to a lower plan',
  auth: true,
  body: ChangePlanBody,
  response: ChangePlanResult,
});
export const refundCalculation = defineRoute({
  ...get('/billing/subscriptions/:id/refund_calculation/', 'The refund the 14-day right gives now'),
  auth: true,
  params: ProviderIdParams,
  response: RefundCalculation,
});
export const refund = defineRoute({
  method: 'POST',
  path: '/billing/refund/:id/',
  summary: 'Claims the 14-day refund: ends the subscription now and records the refund',
  auth: true,
  params: ProviderIdParams,
  body: RefundBody,
  response: RefundResult,
});
export const listTransactions = defineRoute({
  ...get('/billing/transactions/', 'Billing history with filters'),
  auth: true,
  query: TransactionsQuery,
  response: TransactionList,
});
export const transactionsByType = defineRoute({
  ...get('/billing/transactions/by_type/', 'Count and sum of transactions per type'),
  auth: true,
  response: TransactionsByType,
});
export const summary = defineRoute({
  ...get('/billing/summary/', 'Plan, credits and spending at a glance'),
  auth: true,
  response: BillingSummary,
});
export const usage = defineRoute({
  ...get('/billing/usage/', 'Translations and storage used in the current period'),
  auth: true,
  response: Usage,
});
export const billingAnalytics = defineRoute({
  ...get('/billing/analytics/billing/', 'Payments per month'),
  auth: true,
  response: BillingAnalytics,
});
export const creditAnalytics = defineRoute({
  ...get('/billing/analytics/credits/', 'Credits granted and used per month and tier'),
  auth: true,
  response: CreditAnalytics,
});
export const stripeCheckout = defineRoute({
  method: 'POST',
  path: '/billing/payment/stripe/checkout/',
  summary: 'Card checkout through Stripe: 501 until a Stripe account is configured',
  auth: true,
  response: z.never(),
});
export const paypalCheckout = defineRoute({
  method: 'POST',
  path: '/billing/payment/paypal/checkout/',
  summary: 'The PayPal plan id to approve with the PayPal buttons',
  auth: true,
  body: ChangePlanBody,
  response: ChangePlanResult,
});
export const legacyCreateCheckout = defineRoute({
  method: 'POST',
  path: '/billing/create-checkout/',
  summary: 'Older clients: same answer as the PayPal checkout',
  auth: true,
  body: ChangePlanBody,
  response: ChangePlanResult,
});

export const billingRoutes = {
  listPlans,
  plansByPeriod,
  getCredits,
  availableCredits,
  useCredits,
  startPaypalSubscription,
  activatePaypal,
  paypalWebhook,
  listSubscriptions,
  getSubscription,
  cancelSubscription,
  upgrade,
  downgrade,
  refundCalculation,
  refund,
  listTransactions,
  transactionsByType,
  summary,
  usage,
  billingAnalytics,
  creditAnalytics,
  stripeCheckout,
  paypalCheckout,
  legacyCreateCheckout,
} as const;
