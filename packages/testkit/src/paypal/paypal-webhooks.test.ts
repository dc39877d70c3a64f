import { verify, X509Certificate } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listening, listen, readBody } from '../http/listen';
import type { FakePayPal } from './fake-paypal-types';
import { startFakePayPal } from './start-fake-paypal';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  postback: string;
  selfCheck: boolean;
}

// A listener as the server would write one: it asks PayPal's postback API, and also checks the
// signature itself (CRC32 + certificate) to show the fake signs like PayPal does.
async function startListener(paypal: FakePayPal, received: Received[]): Promise<Listening> {
  const form = `${paypal.clientId}:${paypal.clientSecret}`;
  const tokenRes = await fetch(`${paypal.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(form).toString('base64')}` },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  return listen(async (req, res) => {
    const raw = await readBody(req);
    const h = req.headers;
    const postback = await fetch(`${paypal.url}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        auth_algo: h['paypal-auth-algo'],
        cert_url: h['paypal-cert-url'],
        transmission_id: h['paypal-transmission-id'],
        transmission_sig: h['paypal-transmission-sig'],
        transmission_time: h['paypal-transmission-time'],
        webhook_id: paypal.webhookId,
        webhook_event: JSON.parse(raw),
      }),
    });
    const { verification_status: status } = (await postback.json()) as { verification_status?: string };
    const message = `${h['paypal-transmission-id']}|${h['paypal-transmission-time']}|${paypal.webhookId}|${crc32(raw)}`;
    const sig = String(h['paypal-transmission-sig'] ?? '');
    const key = new X509Certificate(paypal.certPem).publicKey;
    const selfCheck =
      h['paypal-cert-url'] === paypal.certUrl &&
      verify('sha256', Buffer.from(message), key, Buffer.from(sig, 'base64'));
    received.push({ headers: h, raw, postback: status ?? `HTTP ${postback.status}`, selfCheck });
    res.writeHead(status === 'SUCCESS' ? 200 : 400).end();
  });
}

describe('startFakePayPal: webhooks', () => {
  let paypal: FakePayPal;
  let listener: Listening;
  const received: Received[] = [];
  let subscriptionId: string;

  beforeAll(async () => {
    paypal = await startFakePayPal();
    listener = await startListener(paypal, received);
    subscriptionId = paypal.createSubscription({ planId: 'P-BOOKWORM', email: 'ann@example.com' }).id;
  });
  afterAll(async () => {
    await listener.close();
    await paypal.close();
  });

  it('sends a signed event that passes the postback check and self-verification', async () => {
    const result = await paypal.sendWebhook(listener.url, 'BILLING.SUBSCRIPTION.ACTIVATED', subscriptionId);
    expect(result.status).toBe(200);
    const last = received.at(-1)!;
    expect(last).toMatchObject({ postback: 'SUCCESS', selfCheck: true });
    expect(last.headers['paypal-auth-algo']).toBe('SHA256withRSA');
    const event = JSON.parse(last.raw);
    expect(event).toMatchObject({
      event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
      resource_type: 'subscription',
    });
    expect(event.id).toMatch(/^WH-/);
    expect(event.resource).toMatchObject({ id: subscriptionId, status: 'ACTIVE', plan_id: 'P-BOOKWORM' });
    expect(Number.isNaN(Date.parse(event.create_time))).toBe(false);
  });

  it('sends PAYMENT.SALE.COMPLETED with a sale of the last payment', async () => {
    paypal.recordPayment(subscriptionId, '12.00');
    const result = await paypal.sendWebhook(listener.url, 'PAYMENT.SALE.COMPLETED', subscriptionId);
    expect(result.status).toBe(200);
    expect(result.delivery.event.resource).toMatchObject({
      billing_agreement_id: subscriptionId,
      state: 'completed',
      amount: { total: '12.00', currency: 'USD' },
    });
  });

  it('replays the same delivery: still genuine, same event id (dedupe is the listener’s job)', async () => {
    const first = await paypal.sendWebhook(listener.url, 'BILLING.SUBSCRIPTION.CANCELLED', subscriptionId);
    const again = await paypal.replayWebhook(listener.url, first.delivery);
    expect(again.status).toBe(200);
    expect(JSON.parse(received.at(-1)!.raw).id).toBe(first.delivery.event.id);
  });

  it.each(['bad-signature', 'wrong-webhook-id', 'tampered-body', 'foreign-cert-url', 'unsigned'] as const)(
    'a %s delivery fails verification',
    async (forgery) => {
      const result = await paypal.sendWebhook(listener.url, 'PAYMENT.SALE.COMPLETED', subscriptionId, {
        forgery,
      });
      expect(result.status).toBe(400);
      expect(received.at(-1)!.postback).not.toBe('SUCCESS');
      expect(received.at(-1)!.selfCheck).toBe(false);
    },
  );

  it('headers of one event replayed with another body fail', async () => {
    const a = await paypal.sendWebhook(listener.url, 'BILLING.SUBSCRIPTION.SUSPENDED', subscriptionId);
    const b = await paypal.sendWebhook(listener.url, 'BILLING.SUBSCRIPTION.EXPIRED', subscriptionId);
    const spliced = await paypal.replayWebhook(listener.url, { ...a.delivery, body: b.delivery.body });
    expect(spliced.status).toBe(400);
    expect(received.at(-1)).toMatchObject({ postback: 'FAILURE', selfCheck: false });
  });
});
