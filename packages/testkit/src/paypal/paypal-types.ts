/** PayPal subscription statuses (Subscriptions API v1). */
export type SubscriptionStatus =
  | 'APPROVAL_PENDING'
  | 'APPROVED'
  | 'ACTIVE'
  | 'SUSPENDED'
  | 'CANCELLED'
  | 'EXPIRED';

export interface Money {
  currency_code: string;
  value: string;
}

/** The body of GET /v1/billing/subscriptions/{id}, as PayPal returns it (fields this fake fills). */
export interface PayPalSubscription {
  id: string;
  status: SubscriptionStatus;
  status_update_time: string;
  status_change_note?: string;
  plan_id: string;
  start_time: string;
  quantity: string;
  /** The merchant's own reference, as given when the subscription was created (max 127 characters). */
  custom_id?: string;
  shipping_amount: Money;
  /** Filled in when the buyer approves; absent while the subscription waits for approval. */
  subscriber?: {
    email_address: string;
    payer_id: string;
    name: { given_name: string; surname: string };
  };
  billing_info: {
    outstanding_balance: Money;
    cycle_executions: Array<{
      tenure_type: 'TRIAL' | 'REGULAR';
      sequence: number;
      cycles_completed: number;
      cycles_remaining: number;
      current_pricing_scheme_version: number;
      total_cycles: number;
    }>;
    last_payment?: { amount: Money; time: string };
    next_billing_time?: string;
    failed_payments_count: number;
  };
  create_time: string;
  update_time: string;
  plan_overridden: boolean;
  links: Array<{ href: string; rel: string; method: string }>;
}

/** A plan's regular price and billing interval. */
export interface FakePlan {
  value: string;
  currency: string;
  interval: 'MONTH' | 'YEAR';
}

/** A webhook event as PayPal posts it. */
export interface PayPalWebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version?: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: Array<{ href: string; rel: string; method: string }>;
}
