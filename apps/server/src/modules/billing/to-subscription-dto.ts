import type { Subscription } from '@booktranslate/contract';
import type { SubscriptionRow } from '../../db/schema/billing';
import { creditsPerCycle, planEntry } from './plan-catalogue';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The derived subscription view (spec section 3): status lower-cased, amounts in dollars and cents, USD. */
export function toSubscriptionDto(row: SubscriptionRow, translationsUsed: number): Subscription {
  const code = row.plan as 'reader' | 'bookworm';
  const period = row.billingPeriod as 'month' | 'year';
  const entry = planEntry(code);
  return {
    id: row.id,
    subscription_id: row.providerSubscriptionId,
    provider: 'paypal',
    provider_status: row.status,
    status: row.status.toLowerCase(),
    plan: { code, plan_type: code, name: entry.name, price_cents: row.priceCents },
    billing_period: period,
    amount: row.priceCents / 100,
    amount_paid_cents: row.lastPaymentCents,
    currency: 'USD',
    next_billing_date: row.cancelledAt ? null : iso(row.nextBillingAt),
    end_date: iso(row.endsAt ?? row.nextBillingAt),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    cancelled_at: iso(row.cancelledAt),
    translations_used: translationsUsed,
    translations_limit: creditsPerCycle(code, period),
    created_at: row.createdAt.toISOString(),
  };
}
