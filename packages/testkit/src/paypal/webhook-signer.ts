import { createPrivateKey, randomBytes, randomUUID, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { crc32 } from 'node:zlib';
import type { PayPalWebhookEvent } from './paypal-types';

const fixtures = new URL('../../fixtures/', import.meta.url);
/** The fake's self-signed certificate (PEM), served at the paypal-cert-url it sends. Test use only. */
export const fakePayPalCertPem = readFileSync(new URL('paypal-fake-signing-cert.pem', fixtures), 'utf8');
const privateKey = createPrivateKey(readFileSync(new URL('paypal-fake-signing-key.pem', fixtures)));

export interface SignOptions {
  webhookId: string;
  certUrl: string;
  transmissionTime?: string;
}

/** One webhook delivery: the exact body and headers PayPal would POST. */
export interface WebhookDelivery {
  event: PayPalWebhookEvent;
  body: string;
  headers: Record<string, string>;
}

interface Transmission {
  time: string;
  sig: string;
  certUrl: string;
  webhookId: string;
  event: unknown;
}

/**
 * Signs deliveries the way PayPal does (SHA256withRSA over `transmissionId|time|webhookId|crc32(body)`)
 * and remembers them, so the postback API can answer SUCCESS for exactly what was signed.
 */
export class WebhookSigner {
  private readonly sent = new Map<string, Transmission>();

  sign(event: PayPalWebhookEvent, options: SignOptions): WebhookDelivery {
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = options.transmissionTime ?? new Date().toISOString();
    const message = `${transmissionId}|${time}|${options.webhookId}|${crc32(body)}`;
    const sig = sign('sha256', Buffer.from(message), privateKey).toString('base64');
    this.sent.set(transmissionId, {
      time,
      sig,
      certUrl: options.certUrl,
      webhookId: options.webhookId,
      event,
    });
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'PayPal/AUHD-214.0-58716290',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-auth-version': 'v2',
      'paypal-cert-url': options.certUrl,
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': sig,
      'paypal-transmission-time': time,
    };
    return { event: structuredClone(event), body, headers };
  }

  /** A signature of the right shape that nobody made. */
  static bogusSignature(): string {
    return randomBytes(256).toString('base64');
  }

  /** The postback check: every field must match a delivery this fake signed, the event included. */
  verify(request: Record<string, unknown>): 'SUCCESS' | 'FAILURE' {
    const id = request.transmission_id;
    const sent = typeof id === 'string' ? this.sent.get(id) : undefined;
    if (!sent) return 'FAILURE';
    const ok =
      request.auth_algo === 'SHA256withRSA' &&
      request.transmission_time === sent.time &&
      request.transmission_sig === sent.sig &&
      request.cert_url === sent.certUrl &&
      request.webhook_id === sent.webhookId &&
      isDeepStrictEqual(request.webhook_event, sent.event);
    return ok ? 'SUCCESS' : 'FAILURE';
  }
}
