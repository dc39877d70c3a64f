import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingWorld, PLAN_IDS, startBillingWorld } from '../../testing/billing-test-kit';

describe('cancelling, changing plans, refunds and billing history', () => {
  let w: BillingWorld;
  beforeAll(async () => {
    w = await startBillingWorld();
  }, 60_000);
  afterAll(() => w?.close());

  async function subscribed(planId: string) {
    const user = await w.newUser();
    const sub = w.paypal.createSubscription({ planId, email: user.email, customId: user.userId });
    const activated = await user.client.post(`/billing/paypal/subscription/${sub.id}/activate/`);
    expect(activated.statusCode).toBe(200);
    return { ...user, sub, id: activated.json().subscription.id as string };
  }

  it('cancels at the end of the period by default, at PayPal too, and a second cancel changes nothing', async () => {
    const u = await subscribed(PLAN_IDS.readerMonth);
    const cancelled = await u.client.post(`/billing/subscriptions/${u.id}/cancel/`, {
      cancellation_reason: 'Too busy',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      cancel_at_period_end: true,
      next_billing_date: null,
    });
    expect(new Date(cancelled.json().end_date).getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    expect(w.paypal.getSubscription(u.sub.id)?.status).toBe('CANCELLED');
    const cancelCalls = () => w.paypal.calls.filter((c) => c.path.endsWith(`${u.sub.id}/cancel`)).length;
    expect(cancelCalls()).toBe(1);
    const again = await u.client.post(`/billing/subscriptions/${u.sub.id}/cancel/`);
    expect(again.statusCode).toBe(200);
    expect(again.json().end_date).toBe(cancelled.json().end_date);
    expect(cancelCalls()).toBe(1);
    expect(
      w.smtp.messages.filter((m) => m.to.includes(u.email) && m.subject.includes('cancelled')),
    ).toHaveLength(1);
    // Paid-for access and credits stay until the period ends.
    expect((await u.client.get('/users/profile/')).json()).toMatchObject({ subscription_plan: 'reader' });
    expect(await w.balances(u.userId)).toEqual({ FREE: 2, READER: 2, BOOKWORM: 0 });
    // Once the paid period is over the account is on Free; the credits stay.
    const { subscriptions } = await import('../../db/schema/billing');
    const { eq } = await import('drizzle-orm');
    await w.t.handle.db
      .update(subscriptions)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, u.id));
    expect((await u.client.get('/users/profile/')).json()).toMatchObject({
      subscription_plan: 'free',
      subscription_status: 'active',
      available_credits: 4,
    });
  });

  it('cancels immediately when asked: access and the plan credits end now', async () => {
    const u = await subscribed(PLAN_IDS.bookwormMonth);
    const res = await u.client.post(`/billing/subscriptions/${u.id}/cancel/`, {
      cancel_immediately: true,
      confirm_refund_terms: true,
    });
    expect(res.json()).toMatchObject({ status: 'cancelled', cancel_at_period_end: false });
    expect((await u.client.get('/users/profile/')).json()).toMatchObject({
      subscription_plan: 'free',
      subscription_status: 'active',
      billing_plan_type: null,
    });
    expect(await w.balances(u.userId)).toEqual({ FREE: 2, READER: 0, BOOKWORM: 0 });
  });

  it("does not let anyone see or cancel another user's subscription", async () => {
    const u = await subscribed(PLAN_IDS.readerMonth);
    const other = await w.newUser();
    expect((await other.client.get(`/billing/subscriptions/${u.id}/`)).statusCode).toBe(404);
    expect((await other.client.post(`/billing/subscriptions/${u.sub.id}/cancel/`)).statusCode).toBe(404);
    expect((await other.client.post(`/billing/refund/${u.id}/`)).statusCode).toBe(404);
    expect(w.paypal.getSubscription(u.sub.id)?.status).toBe('ACTIVE');
    expect((await other.client.get('/billing/subscriptions/')).json().subscriptions).toEqual([]);
  });

  it('upgrades through a new PayPal subscription and cancels the old one when it starts', async () => {
    const u = await subscribed(PLAN_IDS.readerMonth);
    const plan = await u.client.post('/billing/subscriptions/upgrade/', {
      plan: 'bibliophile',
      billing_period: 'year',
    });
    expect(plan.json()).toMatchObject({
      action: 'subscribe',
      plan: 'bookworm',
      paypal_plan_id: PLAN_IDS.bookwormYear,
    });
    expect((await u.client.post('/billing/subscriptions/upgrade/', { plan: 'free' })).statusCode).toBe(400);
    expect((await u.client.post('/billing/subscriptions/upgrade/', { plan: 'gold' })).statusCode).toBe(400);
    const next = w.paypal.createSubscription({ planId: PLAN_IDS.bookwormYear, customId: u.userId });
    await u.client.post(`/billing/paypal/subscription/${next.id}/activate/`);
    expect(w.paypal.getSubscription(u.sub.id)?.status).toBe('CANCELLED');
    expect((await u.client.get('/users/profile/')).json()).toMatchObject({
      subscription_plan: 'bookworm',
      billing_plan_type: 'year',
      credits_available: { FREE: 2, READER: 2, BOOKWORM: 84 },
    });
    const down = await u.client.post('/billing/subscriptions/downgrade/', { plan: 'free' });
    expect(down.json().action).toBe('cancel_at_period_end');
    const list = (await u.client.get('/billing/subscriptions/')).json().subscriptions;
    expect(list.map((s: { status: string }) => s.status).sort()).toEqual(['active', 'cancelled']);
  });

  it('refunds within 14 days in proportion to unused credits, once', async () => {
    const u = await subscribed(PLAN_IDS.readerMonth);
    const spend = await u.client.post('/billing/credits/use_for_translation/', { translation_id: 'book-1' });
    expect(spend.json().tiers_used).toEqual(['READER']);
    const calc = (await u.client.get(`/billing/subscriptions/${u.id}/refund_calculation/`)).json();
    expect(calc).toMatchObject({
      eligible: true,
      credits_used: 1,
      refund_amount_cents: 950,
      days_since_payment: 0,
    });
    const refund = await u.client.post(`/billing/refund/${u.id}/`, { reason: 'Not for me' });
    expect(refund.statusCode).toBe(200);
    expect(refund.json().refund.refund_amount).toBe(9.5);
    expect(await w.balances(u.userId)).toEqual({ FREE: 2, READER: 0, BOOKWORM: 0 });
    expect(w.paypal.getSubscription(u.sub.id)?.status).toBe('CANCELLED');
    const twice = await u.client.post(`/billing/refund/${u.id}/`);
    expect(twice.statusCode).toBe(422);
    await w.smtp.waitFor((m) => m.to.includes('help@booktranslate.test') && m.text.includes(u.sub.id));
    const refunds = (await u.client.get('/billing/transactions/?type=refund')).json();
    expect(refunds.transactions).toMatchObject([{ status: 'PENDING', amount_cents: 950 }]);
  });

  it('keeps a refund decided while PayPal is down, and the next call finishes it', async () => {
    const u = await subscribed(PLAN_IDS.readerMonth);
    w.paypal.failApi(500);
    try {
      expect((await u.client.post(`/billing/refund/${u.id}/`)).statusCode).toBe(503);
    } finally {
      w.paypal.failApi(null);
    }
    // Decided: the credits are taken back, so none can be spent meanwhile; the plan is not yet ended.
    expect(await w.balances(u.userId)).toMatchObject({ READER: 0 });
    expect(w.paypal.getSubscription(u.sub.id)?.status).toBe('ACTIVE');
    const spend = await u.client.post('/billing/credits/use_for_translation/', { translation_id: 'late' });
    expect(spend.json().tiers_used).not.toContain('READER');
    const finished = await u.client.post(`/billing/refund/${u.id}/`);
    expect(finished.statusCode).toBe(200);
    expect(finished.json().refund).toMatchObject({ refund_amount_cents: 1900, credits_used: 0 });
    expect(w.paypal.getSubscription(u.sub.id)?.status).toBe('CANCELLED');
    expect((await u.client.post(`/billing/refund/${u.id}/`)).statusCode).toBe(422);
    const refunds = (await u.client.get('/billing/transactions/?type=refund')).json();
    expect(refunds.transactions).toMatchObject([{ status: 'PENDING', amount_cents: 1900 }]);
  });

  it('refuses a refund after 14 days', async () => {
    const u = await subscribed(PLAN_IDS.readerMonth);
    const { subscriptions } = await import('../../db/schema/billing');
    const { eq } = await import('drizzle-orm');
    await w.t.handle.db
      .update(subscriptions)
      .set({ lastPaymentAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(subscriptions.id, u.id));
    const calc = (await u.client.get(`/billing/subscriptions/${u.id}/refund_calculation/`)).json();
    expect(calc).toMatchObject({ eligible: false, refund_amount_cents: 0 });
    expect(calc.reason).toContain('14-day');
    expect((await u.client.post(`/billing/refund/${u.id}/`)).statusCode).toBe(422);
  });

  it('reports history, summary, usage and analytics from the same records', async () => {
    const u = await subscribed(PLAN_IDS.bookwormMonth);
    w.paypal.recordPayment(u.sub.id);
    await w.paypal.sendWebhook(w.webhookUrl, 'PAYMENT.SALE.COMPLETED', u.sub.id);
    await u.client.post('/billing/credits/use_for_translation/', { translation_id: 't-1', credits: 3 });
    const page = (await u.client.get('/billing/transactions/?limit=1&page=2')).json();
    expect(page).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(page.transactions).toHaveLength(1);
    const future = (await u.client.get('/billing/transactions/?from=2999-01-01')).json();
    expect(future.total).toBe(0);
    expect((await u.client.get('/billing/transactions/?type=bogus')).statusCode).toBe(400);
    expect((await u.client.get('/billing/transactions/by_type/')).json().by_type).toEqual({
      payment: { count: 2, amount_cents: 9800 },
    });
    expect((await u.client.get('/billing/summary/')).json()).toMatchObject({
      plan: 'bookworm',
      status: 'active',
      billing_period: 'month',
      total_spent: 98,
      available_credits: 13,
      active_subscription: { subscription_id: u.sub.id },
    });
    const usage = (await u.client.get('/billing/usage/')).json();
    expect(usage).toMatchObject({ translationsUsed: 3, translationsLimit: 7, storageUsed: 0 });
    expect(usage.storageLimit).toBeGreaterThan(0);
    expect(new Date(usage.resetDate).getTime()).toBeGreaterThan(Date.now());
    expect((await u.client.get('/billing/analytics/billing/')).json()).toMatchObject({
      total_paid_cents: 9800,
      payments_count: 2,
    });
    expect((await u.client.get('/billing/analytics/credits/')).json()).toMatchObject({
      granted: 16,
      used: 3,
      by_tier: { BOOKWORM: { granted: 14, used: 3 }, FREE: { granted: 2, used: 0 } },
    });
  });

  it('a Free user sees an empty history and the trial limits', async () => {
    const { client } = await w.newUser();
    expect((await client.get('/billing/transactions/')).json()).toMatchObject({ transactions: [], total: 0 });
    expect((await client.get('/billing/usage/')).json()).toMatchObject({
      translationsUsed: 0,
      translationsLimit: 2,
      resetDate: null,
    });
    expect((await client.get('/billing/summary/')).json()).toMatchObject({
      plan: 'free',
      active_subscription: null,
    });
    expect((await client.get('/billing/summary/')).statusCode).toBe(200);
  });

  it('needs a session for everything but the plans and the webhook', async () => {
    for (const path of [
      '/billing/credits/',
      '/billing/subscriptions/',
      '/billing/summary/',
      '/billing/usage/',
    ]) {
      expect((await w.t.app.inject({ url: `/api/v1${path}` })).statusCode, path).toBe(401);
    }
  });
});
