import type { WebhookDelivery } from './webhook-signer';
import { WebhookSigner } from './webhook-signer';

/** Ways to make a delivery that a correct listener must reject (or, for replay, process only once). */
export type WebhookForgery =
  /** A signature nobody made. */
  | 'bad-signature'
  /** Genuinely signed, but for another webhook id (another merchant's listener). */
  | 'wrong-webhook-id'
  /** Signed, then the body changed (a different resource). */
  | 'tampered-body'
  /** Signed, but paypal-cert-url points at a host that is not PayPal's: a verifier must not fetch it. */
  | 'foreign-cert-url'
  /** No paypal-* headers at all. */
  | 'unsigned';

/** What the listener answered to one delivery. */
export interface WebhookResult {
  status: number;
  responseText: string;
  delivery: WebhookDelivery;
}

/** Applies a forgery to a signed delivery (returns a new delivery). */
export function forgeDelivery(delivery: WebhookDelivery, forgery: WebhookForgery): WebhookDelivery {
  const headers = { ...delivery.headers };
  let { body } = delivery;
  const event = structuredClone(delivery.event);
  if (forgery === 'bad-signature') headers['paypal-transmission-sig'] = WebhookSigner.bogusSignature();
  if (forgery === 'foreign-cert-url')
    headers['paypal-cert-url'] = 'https://evil.example/certs/CERT-paypal.pem';
  if (forgery === 'tampered-body') {
    event.resource = { ...event.resource, id: `${String(event.resource.id)}X`, tampered: true };
    body = JSON.stringify(event);
  }
  if (forgery === 'unsigned') {
    for (const name of Object.keys(headers)) if (name.startsWith('paypal-')) delete headers[name];
  }
  return { event, body, headers };
}

/** POSTs a delivery to a listener exactly as PayPal would. */
export async function postDelivery(targetUrl: string, delivery: WebhookDelivery): Promise<WebhookResult> {
  const res = await fetch(targetUrl, { method: 'POST', headers: delivery.headers, body: delivery.body });
  return { status: res.status, responseText: await res.text(), delivery };
}
