import type { BillingPeriod, SubscriptionPlan } from '@booktranslate/contract';
import type { Executor } from '../../db/database';
import type { SubscriptionRow } from '../../db/schema/billing';
import { AppError } from '../../errors';
import { creditsRepository } from '../credits/credits.repository';
import { billingRepository } from './billing.repository';
import type { PayPalSubscription } from './paypal-client';
import { creditsPerCycle, cyclePriceCents, planEntry } from './plan-catalogue';
import { refreshUserPlan } from './user-plan';

export interface SyncOutcome {
  row: SubscriptionRow;
  /** Credits granted by this call (0 when every paid cycle was already granted). */
  creditsGranted: number;
  /** Cents of the payments recorded by this call. */
  paidCents: number;
  /** True when this call saw the subscription end for the first time. */
  newlyCancelled: boolean;
}

function paidCycles(remote: PayPalSubscription): number {
  const cycles = remote.billing_info?.cycle_executions ?? [];
  return cycles.filter((c) => c.tenure_type === 'REGULAR').reduce((sum, c) => sum + c.cycles_completed, 0);
}

function cents(value: string | undefined): number | null {
  if (value === undefined || !/^\d+(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}

const date = (value: string | undefined) => (value ? new Date(value) : null);

/**
 * Stores what PayPal says about a subscription and grants each paid cycle's credits once
 * (source id `paypal:<subscription>:cycle:<n>`, the same key for the activation call, the
 * ACTIVATED event and the payment event). Run inside a transaction that locked the user row.
 */
export async function syncSubscription(
  tx: Executor,
  userId: string,
  remote: PayPalSubscription,
  plan: { code: Exclude<SubscriptionPlan, 'free'>; period: BillingPeriod },
  now: Date,
): Promise<SyncOutcome> {
  const existing = await billingRepository.findByProviderId(tx, remote.id);
  if (existing && existing.userId !== userId) {
    throw new AppError('FORBIDDEN', 'This subscription belongs to another account');
  }
  const cycles = paidCycles(remote);
  const last = remote.billing_info?.last_payment;
  const next = date(remote.billing_info?.next_billing_time);
  const ended = remote.status === 'CANCELLED' || remote.status === 'EXPIRED';
  const newlyCancelled = ended && !existing?.cancelledAt;
  const values = {
    userId,
    providerSubscriptionId: remote.id,
    plan: plan.code,
    billingPeriod: plan.period,
    providerPlanId: remote.plan_id,
    status: remote.status,
    priceCents: cyclePriceCents(plan.code, plan.period),
    lastPaymentCents: cents(last?.amount.value) ?? existing?.lastPaymentCents ?? 0,
    lastPaymentAt: date(last?.time) ?? existing?.lastPaymentAt ?? null,
    // PayPal drops next_billing_time once a subscription ends; keep the last one we saw.
    nextBillingAt: ended ? (existing?.nextBillingAt ?? next) : next,
    cyclesCompleted: Math.max(cycles, existing?.cyclesCompleted ?? 0),
    ...(newlyCancelled
      ? {
          cancelledAt: now,
          cancelAtPeriodEnd: remote.status === 'CANCELLED',
          endsAt: remote.status === 'EXPIRED' ? now : (existing?.nextBillingAt ?? next ?? now),
        }
      : {}),
  };
  const row = existing
    ? await billingRepository.update(tx, existing.id, values)
    : await billingRepository.insert(tx, values);

  const perCycle = creditsPerCycle(plan.code, plan.period);
  const tier = planEntry(plan.code).tier;
  let creditsGranted = 0;
  let paidCents = 0;
  for (let cycle = 1; cycle <= cycles; cycle++) {
    const sourceId = `paypal:${remote.id}:cycle:${cycle}`;
    const granted = await creditsRepository.record(tx, {
      userId,
      tier,
      amount: perCycle,
      reason: 'subscription',
      sourceId,
    });
    if (!granted) continue;
    creditsGranted += perCycle;
    const amount = cycle === cycles ? (cents(last?.amount.value) ?? row.priceCents) : row.priceCents;
    paidCents += amount;
    await billingRepository.recordTransaction(tx, {
      userId,
      subscriptionId: row.id,
      type: 'payment',
      status: 'SUCCESS',
      amountCents: amount,
      currency: last?.amount.currency_code ?? 'USD',
      description: `${planEntry(plan.code).name} plan (${plan.period === 'year' ? 'yearly' : 'monthly'}), payment ${cycle}`,
      sourceId,
    });
  }
  await refreshUserPlan(tx, userId, now);
  return { row, creditsGranted, paidCents, newlyCancelled };
}
