import type { Plan, Subscription, SubscriptionPlan } from '@booktranslate/contract';
import { EPOCH, wireId } from './wire';

// Plans and subscriptions as the contract writes them, for mock mode and the web tests.

const PRICES: Record<SubscriptionPlan, [name: string, monthly: number, yearly: number, books: number]> = {
  free: ['Free', 0, 0, 0],
  reader: ['Reader', 19, 179, 2],
  bookworm: ['BookWorm', 49, 399, 7],
};

export function wirePlan(code: SubscriptionPlan, over: Partial<Plan> = {}): Plan {
  const [name, price, yearly, books] = PRICES[code];
  return {
    code,
    plan_type: code,
    name,
    price,
    price_cents: price * 100,
    yearly_price: yearly,
    yearly_price_cents: yearly * 100,
    yearly_equivalent: price * 12,
    yearly_savings: price * 12 - yearly,
    interval: code === 'free' ? 'lifetime' : 'month',
    period_price: price,
    books_per_month: books,
    books_per_year: books * 12,
    max_translations: books,
    yearly_translations: books * 12,
    trial_translations: code === 'free' ? 2 : 0,
    features: [],
    recommended: code === 'reader',
    badge: null,
    button_text: code === 'free' ? 'Try Free' : `Choose ${name}`,
    max_file_size: 100,
    paypal_plan_id_monthly: null,
    paypal_plan_id_yearly: null,
    paypal_plan_id: null,
    ...over,
  };
}

export function wireSubscription(code: SubscriptionPlan, over: Partial<Subscription> = {}): Subscription {
  const [name, price] = PRICES[code];
  return {
    id: wireId('d1'),
    subscription_id: 'I-1',
    provider: 'paypal',
    provider_status: 'ACTIVE',
    status: 'active',
    plan: { code, plan_type: code, name, price_cents: price * 100 },
    billing_period: 'month',
    amount: price,
    amount_paid_cents: price * 100,
    currency: 'USD',
    next_billing_date: null,
    end_date: null,
    cancel_at_period_end: false,
    cancelled_at: null,
    translations_used: 0,
    translations_limit: PRICES[code][3],
    created_at: EPOCH,
    ...over,
  };
}
