import type {
  BillingPeriod,
  Plan,
  RouteOutput,
  routes,
  Subscription,
  SubscriptionPlan,
} from '@booktranslate/contract';
import { loadClient } from './loadClient';
import type { BillingTransaction } from './types';

export async function listPlans(): Promise<Plan[]> {
  const { client } = await loadClient();
  return (await client.api.billing.listPlans()).plans;
}

export async function listSubscriptions(): Promise<Subscription[]> {
  const { client } = await loadClient();
  return (await client.api.billing.listSubscriptions()).subscriptions;
}

export async function listTransactions(): Promise<BillingTransaction[]> {
  const { client } = await loadClient();
  const answer = await client.api.billing.listTransactions({ query: { page: 1, limit: 50 } });
  return answer.transactions;
}

export async function cancelSubscription(
  id: string,
  body: { cancel_immediately: boolean; confirm_refund_terms: boolean; cancellation_reason?: string },
): Promise<void> {
  const { client } = await loadClient();
  await client.api.billing.cancelSubscription({ params: { id }, body });
}

export type Activation = RouteOutput<typeof routes.billing.activatePaypal>;

/**
 * Has the server create the PayPal subscription for a plan, bound to this account; the PayPal
 * buttons then ask the buyer to approve the id it answers.
 */
export async function startPaypalSubscription(
  plan: Exclude<SubscriptionPlan, 'free'>,
  billingPeriod: BillingPeriod,
): Promise<string> {
  const { client } = await loadClient();
  const started = await client.api.billing.startPaypalSubscription({
    body: { plan, billing_period: billingPeriod },
  });
  return started.subscription_id;
}

/**
 * Called after PayPal approval (a POST with the CSRF token); the server confirms with PayPal, and
 * that the subscription was started from this account, before granting anything.
 */
export async function activatePaypalSubscription(subscriptionId: string): Promise<Activation> {
  const { client } = await loadClient();
  return client.api.billing.activatePaypal({ params: { id: subscriptionId } });
}
