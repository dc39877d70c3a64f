import type { PayPalEventType } from './build-webhook-event';
import type { WebhookForgery, WebhookResult } from './deliver-webhook';
import type { FakePlan, PayPalSubscription, SubscriptionStatus } from './paypal-types';
import type { CreateSubscriptionInput } from './subscription-store';
import type { WebhookDelivery } from './webhook-signer';

export interface FakePayPalOptions {
  clientId?: string;
  clientSecret?: string;
  /** The id of the webhook the listener is configured with (PayPal ids are alphanumeric). */
  webhookId?: string;
  /** Prices and intervals by plan id; unknown plans cost 9.99 USD a month. */
  plans?: Record<string, FakePlan>;
  port?: number;
}

export interface SendWebhookOptions {
  forgery?: WebhookForgery;
  /** Reuse an event id (PayPal repeats deliveries of the same event). */
  eventId?: string;
  /** Override paypal-transmission-time (e.g. a delivery from days ago). */
  transmissionTime?: string;
}

/** One API call the fake received (for assertions such as "the subscription was cancelled at PayPal"). */
export interface PayPalCall {
  method: string;
  path: string;
  body: unknown;
}

export interface FakePayPal {
  /** The API base URL to configure (like https://api-m.sandbox.paypal.com). */
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** The certificate the fake signs with, served at the paypal-cert-url it sends. */
  certPem: string;
  certUrl: string;
  calls: PayPalCall[];
  createSubscription(input: CreateSubscriptionInput): PayPalSubscription;
  /**
   * The buyer approves a subscription created through POST /v1/billing/subscriptions (APPROVAL_PENDING):
   * it becomes ACTIVE with its first payment, as after PayPal's buttons.
   */
  approveSubscription(id: string, buyer?: Omit<CreateSubscriptionInput, 'planId'>): PayPalSubscription;
  getSubscription(id: string): PayPalSubscription | undefined;
  setStatus(id: string, status: SubscriptionStatus): PayPalSubscription;
  /** A successful renewal: last_payment now, one more cycle; send PAYMENT.SALE.COMPLETED after it. */
  recordPayment(id: string, value?: string): PayPalSubscription;
  recordFailedPayment(id: string): PayPalSubscription;
  /**
   * Signs and POSTs an event. `resource` is the resource object, or a subscription id: the current
   * subscription for BILLING.SUBSCRIPTION.* events, a sale of its last payment for PAYMENT.SALE.*.
   */
  sendWebhook(
    targetUrl: string,
    eventType: PayPalEventType | string,
    resource: Record<string, unknown> | string,
    options?: SendWebhookOptions,
  ): Promise<WebhookResult>;
  /** POSTs the very same delivery again (as PayPal's retries do). */
  replayWebhook(targetUrl: string, delivery: WebhookDelivery): Promise<WebhookResult>;
  /** Makes every API call answer this status (null: normal), for outage tests. */
  failApi(status: number | null): void;
  close(): Promise<void>;
}
