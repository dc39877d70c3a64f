import { request } from './http';
import { loadClient } from './loadClient';
import { toList, toPlan, toSubscription, toTransaction } from './normalize';
import type { BillingTransaction, Plan, Subscription } from './types';

type Raw = Record<string, unknown>;

/** Also used by the landing page, so it stays on the small fetch layer (decision 071). */
export async function listPlans(): Promise<Plan[]> {
  return toList(await request<unknown>('/billing/plans/')).map(toPlan);
}

export async function listSubscriptions(): Promise<Subscription[]> {
  const { client } = await loadClient();
  return toList(await client.api.billing.listSubscriptions()).map(toSubscription);
}

export async function listTransactions(): Promise<BillingTransaction[]> {
  const { client } = await loadClient();
  return toList(await client.api.billing.listTransactions({ query: { page: 1, limit: 50 } })).map(
    toTransaction,
  );
}

export async function cancelSubscription(
  id: string,
  body: { cancel_immediately: boolean; confirm_refund_terms: boolean; cancellation_reason?: string },
): Promise<void> {
  const { client } = await loadClient();
  await client.api.billing.cancelSubscription({ params: { id }, body });
}

/** Called after PayPal approval; the server confirms with PayPal before granting anything. */
export async function activatePaypalSubscription(subscriptionId: string): Promise<Raw> {
  const { client } = await loadClient();
  return (await client.api.billing.activatePaypal({ params: { id: subscriptionId } })) as unknown as Raw;
}
