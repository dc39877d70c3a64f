import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingWorld, PLAN_IDS, startBillingWorld } from '../../testing/billing-test-kit';

describe('PayPal subscriptions end to end', () => {
  let w: BillingWorld;
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logged = (msg: string) => logs.filter((line) => line.includes(msg)).map((line) => JSON.parse(line));
  beforeAll(async () => {
    w = await startBillingWorld({}, { logStream });
  }, 60_000);
  afterAll(() => w?.close());

  it('activates only after PayPal confirms, grants once however often it is called, and e-mails a receipt', async () => {
    const { client, userId, email } = await w.newUser();
    const sub = w.paypal.createSubscription({ planId: PLAN_IDS.readerMonth, email, customId: userId });
    const first = await client.post(`/billing/paypal/subscription/${sub.id}/activate/`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      credits_granted: 2,
      credits_available: { FREE: 2, READER: 2, BOOKWORM: 0 },
      subscription: { subscription_id: sub.id, status: 'active', plan: { code: 'reader' }, amount: 19 },
    });
    const again = await client.post(`/billing/paypal/subscription/${sub.id}/activate/`);
    expect(again.json().credits_granted).toBe(0);
    expect(await w.balances(userId)).toEqual({ FREE: 2, READER: 2, BOOKWORM: 0 });
    const profile = (await client.get('/users/profile/')).json();
    expect(profile).toMatchObject({
      subscription_plan: 'reader',
      subscription_status: 'active',
      billing_plan_type: 'month',
      available_credits: 4,
    });
    const mail = await w.smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('Payment received'));
    expect(mail.text).toContain('19.00');
    // The ACTIVATED event and the first payment's event arrive later: same cycle, no second grant.
    expect((await w.paypal.sendWebhook(w.webhookUrl, 'BILLING.SUBSCRIPTION.ACTIVATED', sub.id)).status).toBe(
      200,
    );
    expect((await w.paypal.sendWebhook(w.webhookUrl, 'PAYMENT.SALE.COMPLETED', sub.id)).status).toBe(200);
    expect(await w.balances(userId)).toEqual({ FREE: 2, READER: 2, BOOKWORM: 0 });
  });

  it("rejects someone else's, an inactive, an unknown and a foreign-plan subscription", async () => {
    const owner = await w.newUser();
    const thief = await w.newUser();
    const sub = w.paypal.createSubscription({ planId: PLAN_IDS.bookwormMonth, customId: owner.userId });
    expect((await owner.client.post(`/billing/paypal/subscription/${sub.id}/activate/`)).statusCode).toBe(
      200,
    );
    const stolen = await thief.client.post(`/billing/paypal/subscription/${sub.id}/activate/`);
    expect(stolen.statusCode).toBe(403);
    expect(await w.balances(thief.userId)).toEqual({ FREE: 2, READER: 0, BOOKWORM: 0 });

    const pending = w.paypal.createSubscription({
      planId: PLAN_IDS.readerMonth,
      status: 'APPROVAL_PENDING',
      customId: thief.userId,
    });
    const inactive = await thief.client.post(`/billing/paypal/subscription/${pending.id}/activate/`);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error.message).toContain('APPROVAL_PENDING');
    expect((await thief.client.post('/billing/paypal/subscription/I-NOSUCHSUB1/activate/')).statusCode).toBe(
      404,
    );
    const foreign = w.paypal.createSubscription({ planId: 'P-SOMEONE-ELSES-PLAN', customId: thief.userId });
    expect((await thief.client.post(`/billing/paypal/subscription/${foreign.id}/activate/`)).statusCode).toBe(
      422,
    );
    expect((await thief.client.post('/billing/paypal/subscription/..%2F..%2Fx/activate/')).statusCode).toBe(
      400,
    );
    expect((await thief.client.get('/users/profile/')).json().subscription_plan).toBe('free');
  });

  it('grants renewal credits once per payment, whatever the order and however often PayPal repeats', async () => {
    const { client, userId } = await w.newUser();
    const sub = w.paypal.createSubscription({ planId: PLAN_IDS.bookwormMonth, customId: userId });
    await client.post(`/billing/paypal/subscription/${sub.id}/activate/`);
    w.paypal.recordPayment(sub.id);
    const renewal = await w.paypal.sendWebhook(w.webhookUrl, 'PAYMENT.SALE.COMPLETED', sub.id);
    expect(renewal.status).toBe(200);
    expect(renewal.responseText).toContain('"duplicate":false');
    expect(await w.balances(userId)).toEqual({ FREE: 2, READER: 0, BOOKWORM: 14 });
    const replay = await w.paypal.replayWebhook(w.webhookUrl, renewal.delivery);
    expect(replay.status).toBe(200);
    expect(replay.responseText).toContain('"duplicate":true');
    expect(logged('PayPal webhook repeated: ignored').map((l) => l.eventId)).toContain(
      renewal.delivery.event.id,
    );
    // PayPal resends the same event id with a new transmission: still once.
    const resend = await w.paypal.sendWebhook(w.webhookUrl, 'PAYMENT.SALE.COMPLETED', sub.id, {
      eventId: renewal.delivery.event.id,
    });
    expect(resend.responseText).toContain('"duplicate":true');
    // Two renewals whose events arrive after both payments: both cycles are granted, once each.
    w.paypal.recordPayment(sub.id);
    w.paypal.recordPayment(sub.id);
    const late = await Promise.all([
      w.paypal.sendWebhook(w.webhookUrl, 'PAYMENT.SALE.COMPLETED', sub.id),
      w.paypal.sendWebhook(w.webhookUrl, 'PAYMENT.SALE.COMPLETED', sub.id),
    ]);
    expect(late.map((r) => r.status)).toEqual([200, 200]);
    expect(await w.balances(userId)).toEqual({ FREE: 2, READER: 0, BOOKWORM: 28 });
    const history = (await client.get('/billing/transactions/?type=payment')).json();
    expect(history.total).toBe(4);
    expect(history.transactions[0]).toMatchObject({
      status: 'SUCCESS',
      amount_dollars: 49,
      subscription_id: sub.id,
    });
  });

  it('yearly plans grant a year of books per payment and unused ones roll over', async () => {
    const { client, userId } = await w.newUser();
    const sub = w.paypal.createSubscription({ planId: PLAN_IDS.readerYear, customId: userId });
    expect(
      (await client.post(`/billing/paypal/subscription/${sub.id}/activate/`)).json().credits_granted,
    ).toBe(24);
    w.paypal.recordPayment(sub.id);
    await w.paypal.sendWebhook(w.webhookUrl, 'PAYMENT.SALE.COMPLETED', sub.id);
    expect(await w.balances(userId)).toEqual({ FREE: 2, READER: 48, BOOKWORM: 0 });
    expect((await client.get('/users/profile/')).json().billing_plan_type).toBe('year');
  });

  it('rejects and logs forged deliveries; nothing changes', async () => {
    const { client, userId } = await w.newUser();
    const sub = w.paypal.createSubscription({ planId: PLAN_IDS.readerMonth, customId: userId });
    await client.post(`/billing/paypal/subscription/${sub.id}/activate/`);
    w.paypal.recordPayment(sub.id);
    for (const forgery of [
      'bad-signature',
      'wrong-webhook-id',
      'tampered-body',
      'foreign-cert-url',
      'unsigned',
    ] as const) {
      const result = await w.paypal.sendWebhook(w.webhookUrl, 'PAYMENT.SALE.COMPLETED', sub.id, { forgery });
      expect(result.status, forgery).toBe(403);
    }
    expect(await w.balances(userId)).toEqual({ FREE: 2, READER: 2, BOOKWORM: 0 });
    expect(logged('PayPal webhook rejected').length).toBeGreaterThanOrEqual(5);
    const garbage = await fetch(w.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"hello":"world"}',
    });
    expect(garbage.status).toBe(400);
  });

  it('follows suspension, failed payments, cancellation and expiry from PayPal, in any order', async () => {
    const { client, userId, email } = await w.newUser();
    const sub = w.paypal.createSubscription({ planId: PLAN_IDS.readerMonth, customId: userId });
    await client.post(`/billing/paypal/subscription/${sub.id}/activate/`);
    w.paypal.recordFailedPayment(sub.id);
    expect(
      (await w.paypal.sendWebhook(w.webhookUrl, 'BILLING.SUBSCRIPTION.PAYMENT.FAILED', sub.id)).status,
    ).toBe(200);
    expect((await client.get('/billing/transactions/?status=FAILED')).json().total).toBe(1);
    w.paypal.setStatus(sub.id, 'SUSPENDED');
    await w.paypal.sendWebhook(w.webhookUrl, 'BILLING.SUBSCRIPTION.SUSPENDED', sub.id);
    expect((await client.get('/users/profile/')).json().subscription_status).toBe('suspended');
    w.paypal.setStatus(sub.id, 'CANCELLED');
    // A stale ACTIVATED event arrives after the cancellation: the re-read state wins.
    const stale = await w.paypal.sendWebhook(w.webhookUrl, 'BILLING.SUBSCRIPTION.ACTIVATED', sub.id);
    expect(stale.status).toBe(200);
    await w.paypal.sendWebhook(w.webhookUrl, 'BILLING.SUBSCRIPTION.CANCELLED', sub.id);
    const view = (await client.get(`/billing/subscriptions/${sub.id}/`)).json();
    expect(view).toMatchObject({
      status: 'cancelled',
      provider_status: 'CANCELLED',
      cancel_at_period_end: true,
    });
    // Access lasts until the paid period ends.
    expect((await client.get('/users/profile/')).json()).toMatchObject({
      subscription_plan: 'reader',
      subscription_status: 'cancelled',
    });
    await w.smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('cancelled'));
    expect(await w.balances(userId)).toEqual({ FREE: 2, READER: 2, BOOKWORM: 0 });

    const other = w.paypal.createSubscription({ planId: PLAN_IDS.readerMonth, customId: userId });
    await client.post(`/billing/paypal/subscription/${other.id}/activate/`);
    w.paypal.setStatus(other.id, 'EXPIRED');
    await w.paypal.sendWebhook(w.webhookUrl, 'BILLING.SUBSCRIPTION.EXPIRED', other.id);
    expect((await client.get(`/billing/subscriptions/${other.id}/`)).json().status).toBe('expired');
  });

  it('finds the owner of a paid subscription nobody activated through custom_id, and refuses it to others', async () => {
    const { client, userId, email } = await w.newUser();
    const old = w.paypal.createSubscription({ planId: PLAN_IDS.readerMonth, customId: userId });
    await client.post(`/billing/paypal/subscription/${old.id}/activate/`);
    const sub = w.paypal.createSubscription({ planId: PLAN_IDS.bookwormYear, email, customId: userId });
    const res = await w.paypal.sendWebhook(w.webhookUrl, 'BILLING.SUBSCRIPTION.ACTIVATED', sub.id);
    expect(res.responseText).toContain('"duplicate":false');
    expect(await w.balances(userId)).toEqual({ FREE: 2, READER: 2, BOOKWORM: 84 });
    expect((await client.get('/users/profile/')).json()).toMatchObject({ subscription_plan: 'bookworm' });
    // The plan it replaces is no longer billed.
    expect(w.paypal.getSubscription(old.id)?.status).toBe('CANCELLED');
    const other = await w.newUser();
    const mine = w.paypal.createSubscription({ planId: PLAN_IDS.readerMonth, customId: userId });
    expect((await other.client.post(`/billing/paypal/subscription/${mine.id}/activate/`)).statusCode).toBe(
      403,
    );
  });

  it('ignores events for subscriptions nobody activated and event types it does not handle', async () => {
    const sub = w.paypal.createSubscription({ planId: PLAN_IDS.readerMonth });
    const unknown = await w.paypal.sendWebhook(w.webhookUrl, 'BILLING.SUBSCRIPTION.ACTIVATED', sub.id);
    expect(unknown.status).toBe(200);
    const created = await w.paypal.sendWebhook(w.webhookUrl, 'BILLING.SUBSCRIPTION.CREATED', sub.id);
    expect(created.status).toBe(200);
  });

  it('answers 503 while PayPal is down, so PayPal retries the webhook later', async () => {
    const { client, userId } = await w.newUser();
    const sub = w.paypal.createSubscription({ planId: PLAN_IDS.readerMonth, customId: userId });
    w.paypal.failApi(500);
    try {
      expect((await client.post(`/billing/paypal/subscription/${sub.id}/activate/`)).statusCode).toBe(503);
    } finally {
      w.paypal.failApi(null);
    }
    expect((await client.post(`/billing/paypal/subscription/${sub.id}/activate/`)).statusCode).toBe(200);
  });
});
