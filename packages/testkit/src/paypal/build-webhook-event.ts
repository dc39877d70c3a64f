import { paypalId, paypalTime } from './paypal-ids';
import type { PayPalSubscription, PayPalWebhookEvent } from './paypal-types';

/** Event types the billing code handles (PayPal's names). */
export type PayPalEventType =
  | 'BILLING.SUBSCRIPTION.CREATED'
  | 'BILLING.SUBSCRIPTION.ACTIVATED'
  | 'BILLING.SUBSCRIPTION.UPDATED'
  | 'BILLING.SUBSCRIPTION.CANCELLED'
  | 'BILLING.SUBSCRIPTION.SUSPENDED'
  | 'BILLING.SUBSCRIPTION.EXPIRED'
  | 'BILLING.SUBSCRIPTION.PAYMENT.FAILED'
  | 'PAYMENT.SALE.COMPLETED'
  | 'PAYMENT.SALE.REFUNDED'
  | 'PAYMENT.SALE.REVERSED';

const SUMMARIES: Record<string, string> = {
  'BILLING.SUBSCRIPTION.CREATED': 'Subscription created',
  'BILLING.SUBSCRIPTION.ACTIVATED': 'Subscription activated',
  'BILLING.SUBSCRIPTION.UPDATED': 'Subscription updated',
  'BILLING.SUBSCRIPTION.CANCELLED': 'Subscription cancelled',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'Subscription suspended',
  'BILLING.SUBSCRIPTION.EXPIRED': 'Subscription expired',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED': 'Subscription payment failed',
};

/**
 * A sale resource for a subscription's last payment, as PAYMENT.SALE.* events carry it
 * (`billing_agreement_id` is the subscription id).
 * @example saleFor(subscription).billing_agreement_id // 'I-BW452GLLEP1G'
 */
export function saleFor(subscription: PayPalSubscription, apiUrl = 'https://api.sandbox.paypal.com') {
  const payment = subscription.billing_info.last_payment;
  const id = paypalId('', 17);
  const time = payment?.time ?? paypalTime();
  return {
    id,
    state: 'completed',
    amount: {
      total: payment?.amount.value ?? '0.00',
      currency: payment?.amount.currency_code ?? 'USD',
      details: { subtotal: payment?.amount.value ?? '0.00' },
    },
    payment_mode: 'INSTANT_TRANSFER',
    protection_eligibility: 'ELIGIBLE',
    protection_eligibility_type: 'ITEM_NOT_RECEIVED_ELIGIBLE,UNAUTHORIZED_PAYMENT_ELIGIBLE',
    transaction_fee: { value: '0.59', currency: payment?.amount.currency_code ?? 'USD' },
    billing_agreement_id: subscription.id,
    create_time: time,
    update_time: time,
    links: [{ href: `${apiUrl}/v1/payments/sale/${id}`, rel: 'self', method: 'GET' }],
  };
}

/** Wraps a resource in PayPal's webhook event envelope. */
export function buildWebhookEvent(
  eventType: PayPalEventType | string,
  resource: Record<string, unknown>,
  options: { id?: string; apiUrl?: string } = {},
): PayPalWebhookEvent {
  const id = options.id ?? paypalId('WH-', 17);
  const isSale = eventType.startsWith('PAYMENT.SALE.');
  const total = (resource.amount as { total?: string; currency?: string } | undefined) ?? {};
  const apiUrl = options.apiUrl ?? 'https://api.sandbox.paypal.com';
  return {
    id,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: isSale ? 'sale' : 'subscription',
    ...(isSale ? {} : { resource_version: '2.0' }),
    event_type: eventType,
    summary: isSale
      ? `Payment ${eventType.slice(13).toLowerCase()} for ${total.total ?? ''} ${total.currency ?? ''}`.trim()
      : (SUMMARIES[eventType] ?? eventType),
    resource,
    links: [
      { href: `${apiUrl}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
      { href: `${apiUrl}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
    ],
  };
}
