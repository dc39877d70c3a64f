import { request } from './http';
import { toList, toPlan, toSubscription, toTransaction } from './normalize';
import type { BillingTransaction, Plan, Subscription } from './types';

type Raw = Record<string, unknown>;

export async function listPlans(): Promise<Plan[]> {
  return toList(await request<unknown>('/billing/plans/')).map(toPlan);
}

export async function listSubscriptions(): Promise<Subscription[]> {
  return toList(await request<unknown>('/billing/subscriptions/')).map(toSubscription);
}

export async function listTransactions(): Promise<BillingTransaction[]> {
  return toList(await request<unknown>('/billing/transactions/')).map(toTransaction);
}

export async function cancelSubscription(
  id: string,
  body: { cancel_immediately: boolean; confirm_refund_terms: boolean; cancellation_reason?: string },
): Promise<void> {
  await request(`/billing/subscriptions/${id}/cancel/`, { method: 'POST', body });
}

/** Called after PayPal approval; the server confirms with PayPal before granting anything. */
export async function activatePaypalSubscription(subscriptionId: string): Promise<Raw> {
  return request<Raw>(`/billing/paypal/subscription/${subscriptionId}/activate/`);
}
