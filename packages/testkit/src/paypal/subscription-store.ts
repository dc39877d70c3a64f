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
  /** The merchant's reference (`custom_id`), echoed back by GET /v1/billing/subscriptions/{id}. */
  customId?: string;
}

const DEFAULT_PLAN: FakePlan = { value: '9.99', currency: 'USD', interval: 'MONTH' };

function addInterval(from: Date, interval: FakePlan['interval']): Date {
  const next = new Date(from);
  if (interval === 'YEAR') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

function subscriberOf(input: Omit<CreateSubscriptionInput, 'planId'>): PayPalSubscription['subscriber'] {
  return {
    email_address: input.email ?? 'buyer@example.com',
    payer_id: paypalId('', 13),
    name: { given_name: input.givenName ?? 'Test', surname: input.surname ?? 'Buyer' },
  };
}

function activeLinks(href: string): PayPalSubscription['links'] {
  return [
    { href: `${href}/cancel`, rel: 'cancel', method: 'POST' },
    { href, rel: 'edit', method: 'PATCH' },
    { href, rel: 'self', method: 'GET' },
    { href: `${href}/suspend`, rel: 'suspend', method: 'POST' },
  ];
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
    const pending = input.status === 'APPROVAL_PENDING';
    const href = `${this.apiUrl()}/v1/billing/subscriptions/${id}`;
    const subscription: PayPalSubscription = {
      id,
      status: input.status ?? 'ACTIVE',
      status_update_time: paypalTime(now),
      plan_id: input.planId,
      start_time: paypalTime(now),
      quantity: '1',
      ...(input.customId === undefined ? {} : { custom_id: input.customId }),
      shipping_amount: { currency_code: plan.currency, value: '0.0' },
      ...(pending ? {} : { subscriber: subscriberOf(input) }),
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
      links: pending
        ? [
            { href: this.approveUrl(id), rel: 'approve', method: 'GET' },
            { href, rel: 'edit', method: 'PATCH' },
            { href, rel: 'self', method: 'GET' },
          ]
        : activeLinks(href),
    };
    this.items.set(id, subscription);
    return structuredClone(subscription);
  }

  /** Where the buyer approves a pending subscription (PayPal's checkout page, with its ba_token). */
  approveUrl(id: string): string {
    return `${this.apiUrl()}/webapps/billing/subscriptions?ba_token=BA-${id.slice(2)}`;
  }

  /**
   * The buyer approved a pending subscription and the first payment went through: ACTIVE, the buyer
   * as subscriber, one cycle paid (what PayPal shows once the buttons' approval completes).
   */
  approve(id: string, buyer: Omit<CreateSubscriptionInput, 'planId'> = {}): PayPalSubscription {
    const subscription = this.mustGet(id);
    if (subscription.status !== 'APPROVAL_PENDING') {
      throw new Error(`fake PayPal: ${id} is ${subscription.status}, not waiting for approval`);
    }
    subscription.status = 'ACTIVE';
    subscription.status_update_time = paypalTime();
    subscription.subscriber = subscriberOf(buyer);
    subscription.links = activeLinks(`${this.apiUrl()}/v1/billing/subscriptions/${id}`);
    return this.recordPayment(id);
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
