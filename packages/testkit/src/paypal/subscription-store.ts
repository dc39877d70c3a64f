import { paypalId, paypalTime } from './paypal-ids';
import type { FakePlan, PayPalSubscription, SubscriptionStatus } from './paypal-types';

export interface CreateSubscriptionInput {
  planId: string;
  status?: SubscriptionStatus;
  email?: string;
  givenName?: string;
  surname?: string;
  /** Choose the id (default: a random I-XXXXXXXXXXXX). */
  id?: string;
}

const DEFAULT_PLAN: FakePlan = { value: '9.99', currency: 'USD', interval: 'MONTH' };

function addInterval(from: Date, interval: FakePlan['interval']): Date {
  const next = new Date(from);
  if (interval === 'YEAR') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** Subscriptions held by the fake PayPal, in PayPal's response shape. */
export class SubscriptionStore {
  private readonly items = new Map<string, PayPalSubscription>();

  constructor(
    private readonly apiUrl: () => string,
    private readonly plans: Record<string, FakePlan>,
  ) {}

  plan(planId: string): FakePlan {
    return this.plans[planId] ?? DEFAULT_PLAN;
  }

  create(input: CreateSubscriptionInput): PayPalSubscription {
    const id = input.id ?? paypalId('I-', 12);
    const now = new Date();
    const plan = this.plan(input.planId);
    const active = input.status === undefined || input.status === 'ACTIVE';
    const href = `${this.apiUrl()}/v1/billing/subscriptions/${id}`;
    const subscription: PayPalSubscription = {
      id,
      status: input.status ?? 'ACTIVE',
      status_update_time: paypalTime(now),
      plan_id: input.planId,
      start_time: paypalTime(now),
      quantity: '1',
      shipping_amount: { currency_code: plan.currency, value: '0.0' },
      subscriber: {
        email_address: input.email ?? 'buyer@example.com',
        payer_id: paypalId('', 13),
        name: { given_name: input.givenName ?? 'Test', surname: input.surname ?? 'Buyer' },
      },
      billing_info: {
        outstanding_balance: { currency_code: plan.currency, value: '0.0' },
        cycle_executions: [
          {
            tenure_type: 'REGULAR',
            sequence: 1,
            cycles_completed: active ? 1 : 0,
            cycles_remaining: 0,
            current_pricing_scheme_version: 1,
            total_cycles: 0,
          },
        ],
        ...(active
          ? {
              last_payment: {
                amount: { currency_code: plan.currency, value: plan.value },
                time: paypalTime(now),
              },
            }
          : {}),
        next_billing_time: paypalTime(active ? addInterval(now, plan.interval) : now),
        failed_payments_count: 0,
      },
      create_time: paypalTime(now),
      update_time: paypalTime(now),
      plan_overridden: false,
      links: [
        { href: `${href}/cancel`, rel: 'cancel', method: 'POST' },
        { href, rel: 'edit', method: 'PATCH' },
        { href, rel: 'self', method: 'GET' },
        { href: `${href}/suspend`, rel: 'suspend', method: 'POST' },
      ],
    };
    this.items.set(id, subscription);
    return structuredClone(subscription);
  }

  get(id: string): PayPalSubscription | undefined {
    const found = this.items.get(id);
    return found ? structuredClone(found) : undefined;
  }

  setStatus(id: string, status: SubscriptionStatus, note?: string): PayPalSubscription {
    const subscription = this.mustGet(id);
    subscription.status = status;
    subscription.status_update_time = subscription.update_time = paypalTime();
    if (note) subscription.status_change_note = note;
    return structuredClone(subscription);
  }

  /** Records a successful regular payment: last_payment, one more cycle, next billing moved on. */
  recordPayment(id: string, value?: string): PayPalSubscription {
    const subscription = this.mustGet(id);
    const plan = this.plan(subscription.plan_id);
    const now = new Date();
    const info = subscription.billing_info;
    info.last_payment = {
      amount: { currency_code: plan.currency, value: value ?? plan.value },
      time: paypalTime(now),
    };
    info.cycle_executions[0]!.cycles_completed++;
    info.next_billing_time = paypalTime(addInterval(now, plan.interval));
    subscription.update_time = paypalTime(now);
    return structuredClone(subscription);
  }

  /** Records a failed payment (failed_payments_count + 1). */
  recordFailedPayment(id: string): PayPalSubscription {
    const subscription = this.mustGet(id);
    subscription.billing_info.failed_payments_count++;
    subscription.update_time = paypalTime();
    return structuredClone(subscription);
  }

  private mustGet(id: string): PayPalSubscription {
    const found = this.items.get(id);
    if (!found) throw new Error(`fake PayPal: no subscription ${id}`);
    return found;
  }
}
