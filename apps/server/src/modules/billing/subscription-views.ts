import type { BillingPeriod, SubscriptionPlan } from '@booktranslate/contract';
import type { Database } from '../../db/database';
import type { SubscriptionRow } from '../../db/schema/billing';
import { AppError } from '../../errors';
import { creditsRepository } from '../credits/credits.repository';
import { totalCredits } from '../credits/credits.service';
import { billingRepository } from './billing.repository';
import type { BillingDeps } from './billing-deps';
import { translationsUsedSince } from './billing-usage';
import { normalizePlanName, paypalPlanId } from './plan-catalogue';
import { toSubscriptionDto } from './to-subscription-dto';
import { currentSubscription, refreshUserPlan } from './user-plan';

export async function ownSubscription(db: Database, userId: string, id: string): Promise<SubscriptionRow> {
  const row = await billingRepository.findOwned(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 'Subscription not found');
  return row;
}

export async function subscriptionView(db: Database, row: SubscriptionRow) {
  return toSubscriptionDto(row, await translationsUsedSince(db, row.userId, row.lastPaymentAt));
}

export async function listSubscriptions(db: Database, userId: string) {
  const rows = await billingRepository.listForUser(db, userId);
  return { subscriptions: await Promise.all(rows.map((row) => subscriptionView(db, row))) };
}

/** GET /billing/summary/. Also brings the plan up to date when a paid period ended. */
export async function billingSummary(deps: Pick<BillingDeps, 'db' | 'clock'>, userId: string) {
  const { db } = deps;
  const now = deps.clock.now();
  await refreshUserPlan(db, userId, now);
  const rows = await billingRepository.listForUser(db, userId);
  const current = currentSubscription(rows, now);
  const transactions = await billingRepository.transactionsForUser(db, userId);
  const spent = transactions
    .filter((t) => t.type === 'payment' && t.status === 'SUCCESS')
    .reduce((sum, t) => sum + t.amountCents, 0);
  const balances = await creditsRepository.balances(db, userId);
  return {
    plan: (current?.plan ?? 'free') as SubscriptionPlan,
    status: current ? current.status.toLowerCase() : 'active',
    billing_period: (current?.billingPeriod ?? null) as BillingPeriod | null,
    next_billing_date:
      current && !current.cancelledAt ? (current.nextBillingAt?.toISOString() ?? null) : null,
    credits_available: balances,
    available_credits: totalCredits(balances),
    total_spent_cents: spent,
    total_spent: spent / 100,
    transactions_count: transactions.length,
    active_subscription: current ? await subscriptionView(db, current) : null,
  };
}

const RANK = { free: 0, reader: 1, bookworm: 2 } as const;

/**
 * Upgrade, downgrade and checkout: a plan change is a new PayPal subscription approved with the
 * buttons (activation then cancels the old one); going to Free cancels at the end of the period.
 */
export async function planChange(
  deps: Pick<BillingDeps, 'db' | 'clock' | 'config'>,
  userId: string,
  input: { plan: string; billing_period: BillingPeriod },
  direction: 'upgrade' | 'downgrade' | 'checkout',
) {
  const target = normalizePlanName(input.plan);
  if (!target) throw new AppError('VALIDATION_ERROR', `Unknown plan "${input.plan}"`);
  const current = currentSubscription(await billingRepository.listForUser(deps.db, userId), deps.clock.now());
  const from = (current?.plan ?? 'free') as SubscriptionPlan;
  const samePlan = from === target && (target === 'free' || current?.billingPeriod === input.billing_period);
  if (samePlan && current?.status !== 'CANCELLED')
    throw new AppError('CONFLICT', 'You are already on this plan');
  if (direction === 'upgrade' && RANK[target] < RANK[from]) {
    throw new AppError('VALIDATION_ERROR', 'That plan is lower than your current plan: use downgrade');
  }
  if (direction === 'downgrade' && RANK[target] > RANK[from]) {
    throw new AppError('VALIDATION_ERROR', 'That plan is higher than your current plan: use upgrade');
  }
  if (target === 'free') {
    return {
      action: 'cancel_at_period_end' as const,
      plan: target,
      billing_period: input.billing_period,
      paypal_plan_id: null,
      message:
        'Cancel your subscription: you keep your plan until the end of the paid period, then move to Free.',
    };
  }
  const planId = paypalPlanId(deps.config.paypal.plans, target, input.billing_period);
  if (!planId) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'Unable to load payment options for this plan. Please contact support.',
    );
  }
  return {
    action: 'subscribe' as const,
    plan: target,
    billing_period: input.billing_period,
    paypal_plan_id: planId,
    message: 'Approve the new plan with PayPal; your current subscription is cancelled when it starts.',
  };
}
