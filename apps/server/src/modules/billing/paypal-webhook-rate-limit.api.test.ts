import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingWorld, PLAN_IDS, startBillingWorld } from '../../testing/billing-test-kit';

describe('PayPal webhook rate limit', () => {
  let w: BillingWorld;
  beforeAll(async () => {
    w = await startBillingWorld({ PAYPAL_WEBHOOKS_PER_MINUTE: '4' });
  }, 60_000);
  afterAll(() => w?.close());

  it('verifies deliveries within the limit and answers 429 past it, changing nothing', async () => {
    const { client, userId } = await w.newUser();
    const sub = w.paypal.createSubscription({ planId: PLAN_IDS.readerMonth, customId: userId });
    await client.post(`/billing/paypal/subscription/${sub.id}/activate/`);
    w.paypal.recordPayment(sub.id);
    const forged = await w.paypal.sendWebhook(w.webhookUrl, 'PAYMENT.SALE.COMPLETED', sub.id, {
      forgery: 'bad-signature',
    });
    expect(forged.status).toBe(403);
    const legit = await w.paypal.sendWebhook(w.webhookUrl, 'BILLING.SUBSCRIPTION.ACTIVATED', sub.id);
    expect(legit.status).toBe(200);
    const flood = [];
    for (let i = 0; i < 2; i++) {
      flood.push(
        await fetch(w.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"hello":"world"}',
        }),
      );
    }
    expect(flood.map((r) => r.status)).toEqual([400, 400]);
    const before = await w.balances(userId);
    w.paypal.recordPayment(sub.id);
    const limited = await w.paypal.sendWebhook(w.webhookUrl, 'PAYMENT.SALE.COMPLETED', sub.id);
    expect(limited.status).toBe(429);
    const refused = await fetch(w.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"hello":"world"}',
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect(await w.balances(userId)).toEqual(before);
  });
});
