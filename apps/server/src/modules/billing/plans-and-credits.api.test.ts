import { noCreditsMessage } from '@booktranslate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingWorld, PLAN_IDS, startBillingWorld } from '../../testing/billing-test-kit';
import { creditsRepository } from '../credits/credits.repository';

describe('the plan catalogue and the credit endpoints', () => {
  let w: BillingWorld;
  beforeAll(async () => {
    w = await startBillingWorld({ PAYPAL_PLAN_BOOKWORM_YEARLY: '' });
  }, 60_000);
  afterAll(() => w?.close());

  it('lists Free, Reader and BookWorm with the prices, savings and books of the spec', async () => {
    const res = await w.t.app.inject({ url: '/api/v1/billing/plans/?billing_period=yearly' });
    expect(res.statusCode).toBe(200);
    const { plans, billing_period } = res.json();
    expect(billing_period).toBe('year');
    expect(plans.map((p: { name: string }) => p.name)).toEqual(['Free', 'Reader', 'BookWorm']);
    const [free, reader, bookworm] = plans;
    expect(free).toMatchObject({
      price: 0,
      interval: 'lifetime',
      button_text: 'Try Free',
      trial_translations: 2,
    });
    expect(free.max_translations).toBe(0);
    expect(reader).toMatchObject({
      price: 19,
      yearly_price: 179,
      yearly_equivalent: 228,
      yearly_savings: 49,
      books_per_month: 2,
      books_per_year: 24,
      recommended: true,
      badge: 'Most Popular',
      max_file_size: 100,
      period_price: 179,
      paypal_plan_id: PLAN_IDS.readerYear,
      paypal_plan_id_monthly: PLAN_IDS.readerMonth,
    });
    expect(bookworm).toMatchObject({
      price: 49,
      yearly_price: 399,
      yearly_equivalent: 588,
      yearly_savings: 189,
      books_per_month: 7,
      books_per_year: 84,
      recommended: false,
      // Not configured: the billing page shows 'Payment Configuration Error'.
      paypal_plan_id: null,
    });
    expect(plans.every((p: { features: string[] }) => p.features.length > 0)).toBe(true);
    const monthly = (await w.t.app.inject({ url: '/api/v1/billing/plans/' })).json();
    expect(monthly.plans[1]).toMatchObject({
      interval: 'month',
      period_price: 19,
      paypal_plan_id: PLAN_IDS.readerMonth,
    });
    const both = (await w.t.app.inject({ url: '/api/v1/billing/plans/by_billing_period/' })).json();
    expect(both.month[2].paypal_plan_id).toBe(PLAN_IDS.bookwormMonth);
    expect(both.year[2].paypal_plan_id).toBeNull();
  });

  it('maps legacy plan names and explains a missing PayPal plan', async () => {
    const { client } = await w.newUser();
    const discover = await client.post('/billing/create-checkout/', {
      plan: 'Discover',
      billing_period: 'month',
    });
    expect(discover.json()).toMatchObject({ plan: 'reader', paypal_plan_id: PLAN_IDS.readerMonth });
    const bookworm = await client.post('/billing/payment/paypal/checkout/', {
      plan: 'bookworm',
      billing_period: 'year',
    });
    expect(bookworm.statusCode).toBe(503);
    expect(bookworm.json().error.message).toContain('Unable to load payment options for this plan');
    const stripe = await client.post('/billing/payment/stripe/checkout/', {});
    expect(stripe.statusCode).toBe(501);
    expect(stripe.json().error.message).toContain('PayPal');
  });

  it('shows balances by tier and spends BOOKWORM, then READER, then FREE, once per translation id', async () => {
    const { client, userId } = await w.newUser();
    await creditsRepository.record(w.t.handle.db, {
      userId,
      tier: 'READER',
      amount: 1,
      reason: 'test',
      sourceId: `t:${userId}`,
    });
    expect((await client.get('/billing/credits/available/')).json()).toEqual({
      FREE: 2,
      READER: 1,
      BOOKWORM: 0,
      total: 3,
      active_tier: 'READER',
    });
    const first = await client.post('/billing/credits/use_for_translation/', {
      translation_id: 'a',
      credits: 2,
    });
    expect(first.json()).toMatchObject({ tiers_used: ['READER', 'FREE'], available_credits: 1 });
    const repeat = await client.post('/billing/credits/use_for_translation/', {
      translation_id: 'a',
      credits: 2,
    });
    expect(repeat.json()).toMatchObject({ tiers_used: ['READER', 'FREE'], available_credits: 1 });
    // All or nothing: two more than there are spends none.
    const tooMany = await client.post('/billing/credits/use_for_translation/', {
      translation_id: 'b',
      credits: 2,
    });
    expect(tooMany.statusCode).toBe(402);
    expect(tooMany.json().error.message).toBe(noCreditsMessage);
    const overview = (await client.get('/billing/credits/')).json();
    expect(overview).toMatchObject({
      available_credits: 1,
      credits_available: { FREE: 1, READER: 0, BOOKWORM: 0 },
    });
    expect(overview.history.map((h: { amount: number }) => h.amount).sort()).toEqual([-1, -1, 1, 2]);
  });

  it('refuses negative, zero, fractional and non-numeric credit amounts', async () => {
    const { client, userId } = await w.newUser();
    for (const credits of [-1, 0, 1.5, '1', null, 1e9]) {
      const res = await client.post('/billing/credits/use_for_translation/', {
        translation_id: 'x',
        credits,
      });
      expect(res.statusCode, String(credits)).toBe(400);
    }
    expect((await client.post('/billing/credits/use_for_translation/', {})).statusCode).toBe(400);
    expect(await w.balances(userId)).toEqual({ FREE: 2, READER: 0, BOOKWORM: 0 });
  });

  it('lets exactly one of many concurrent requests take the last credit', async () => {
    const { client, userId } = await w.newUser();
    await client.post('/billing/credits/use_for_translation/', { translation_id: 'first' });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        client.post('/billing/credits/use_for_translation/', { translation_id: `race-${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 402, 402, 402, 402, 402]);
    expect(await w.balances(userId)).toEqual({ FREE: 0, READER: 0, BOOKWORM: 0 });
  });
});
