import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakePayPal } from './fake-paypal-types';
import type { PayPalSubscription } from './paypal-types';
import { startFakePayPal } from './start-fake-paypal';

describe('startFakePayPal: OAuth and subscriptions', () => {
  let paypal: FakePayPal;
  let token: string;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${paypal.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });

  beforeAll(async () => {
    paypal = await startFakePayPal({
      plans: { 'P-READER': { value: '4.99', currency: 'EUR', interval: 'MONTH' } },
    });
  });
  afterAll(() => paypal.close());

  it('issues a token only for the right client credentials', async () => {
    const tokenRequest = (user: string) =>
      fetch(`${paypal.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(user).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
    const bad = await tokenRequest(`${paypal.clientId}:wrong`);
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ error: 'invalid_client' });
    const good = await tokenRequest(`${paypal.clientId}:${paypal.clientSecret}`);
    const body = (await good.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(body).toMatchObject({ token_type: 'Bearer' });
    expect(body.expires_in).toBeGreaterThan(0);
    token = body.access_token;
  });

  it('refuses API calls without a valid token', async () => {
    const res = await fetch(`${paypal.url}/v1/billing/subscriptions/I-NOPE`, {
      headers: { authorization: 'Bearer forged' },
    });
    expect(res.status).toBe(401);
  });

  it('shows a subscription in PayPal shape, and 404 for an unknown id', async () => {
    const created = paypal.createSubscription({
      planId: 'P-READER',
      status: 'ACTIVE',
      email: 'ann@example.com',
    });
    const res = await api(`/v1/billing/subscriptions/${created.id}`);
    expect(res.status).toBe(200);
    const sub = (await res.json()) as PayPalSubscription;
    expect(sub).toMatchObject({
      id: created.id,
      status: 'ACTIVE',
      plan_id: 'P-READER',
      subscriber: { email_address: 'ann@example.com', name: { given_name: 'Test', surname: 'Buyer' } },
      billing_info: {
        last_payment: { amount: { currency_code: 'EUR', value: '4.99' } },
        failed_payments_count: 0,
      },
    });
    expect(sub.id).toMatch(/^I-[A-Z0-9]{12}$/);
    expect(Date.parse(sub.billing_info.next_billing_time!)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(sub.billing_info.cycle_executions[0]).toMatchObject({
      tenure_type: 'REGULAR',
      cycles_completed: 1,
    });
    const missing = await api('/v1/billing/subscriptions/I-UNKNOWN0000');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ name: 'RESOURCE_NOT_FOUND' });
  });

  it('creates a subscription waiting for approval, keeps its custom_id, and activates it on approval', async () => {
    const create = (body: unknown, prefer?: string) =>
      api('/v1/billing/subscriptions', {
        method: 'POST',
        body: JSON.stringify(body),
        ...(prefer ? { headers: { prefer } } : {}),
      });
    expect((await create({ custom_id: 'user-1' })).status).toBe(400);
    const tooLong = await create({ plan_id: 'P-READER', custom_id: 'x'.repeat(128) });
    expect(tooLong.status).toBe(400);
    const res = await create({
      plan_id: 'P-READER',
      custom_id: 'user-1',
      application_context: { user_action: 'SUBSCRIBE_NOW', return_url: 'https://example.com/ok' },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as PayPalSubscription;
    expect(created).toMatchObject({ status: 'APPROVAL_PENDING', plan_id: 'P-READER' });
    expect(created).not.toHaveProperty('custom_id'); // return=minimal, PayPal's default
    expect(created.links.find((link) => link.rel === 'approve')?.href).toContain('ba_token=');
    const full = (await (
      await create({ plan_id: 'P-READER', custom_id: 'u' }, 'return=representation')
    ).json()) as PayPalSubscription;
    expect(full.custom_id).toBe('u');

    const pending = (await (
      await api(`/v1/billing/subscriptions/${created.id}`)
    ).json()) as PayPalSubscription;
    expect(pending).toMatchObject({ status: 'APPROVAL_PENDING', custom_id: 'user-1' });
    expect(pending.subscriber).toBeUndefined();
    expect(pending.billing_info.cycle_executions[0]?.cycles_completed).toBe(0);

    paypal.approveSubscription(created.id, { email: 'cy@example.com' });
    const active = (await (
      await api(`/v1/billing/subscriptions/${created.id}`)
    ).json()) as PayPalSubscription;
    expect(active).toMatchObject({
      status: 'ACTIVE',
      custom_id: 'user-1',
      subscriber: { email_address: 'cy@example.com' },
      billing_info: { last_payment: { amount: { value: '4.99' } } },
    });
    expect(active.billing_info.cycle_executions[0]?.cycles_completed).toBe(1);
    expect(() => paypal.approveSubscription(created.id)).toThrow(/not waiting for approval/);
    // Created by the controls, a subscription shows no custom_id unless it was given one.
    expect(paypal.createSubscription({ planId: 'P-READER' })).not.toHaveProperty('custom_id');
  });

  it('cancels (204), then refuses a second cancel with 422; needs a reason', async () => {
    const { id } = paypal.createSubscription({ planId: 'P-READER', email: 'bob@example.com' });
    const cancel = (body: unknown) =>
      api(`/v1/billing/subscriptions/${id}/cancel`, { method: 'POST', body: JSON.stringify(body) });
    expect((await cancel({})).status).toBe(400);
    expect((await cancel({ reason: 'Not needed' })).status).toBe(204);
    expect(paypal.getSubscription(id)!.status).toBe('CANCELLED');
    const again = await cancel({ reason: 'Again' });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] });
    expect(paypal.calls.filter((call) => call.path.endsWith(`${id}/cancel`))).toHaveLength(3);
  });

  it('suspends and reactivates; tracks payments; can fail every call', async () => {
    const { id } = paypal.createSubscription({ planId: 'P-READER' });
    const post = (action: string) =>
      api(`/v1/billing/subscriptions/${id}/${action}`, {
        method: 'POST',
        body: JSON.stringify({ reason: 'test' }),
      });
    expect((await post('suspend')).status).toBe(204);
    expect(paypal.getSubscription(id)!.status).toBe('SUSPENDED');
    expect((await post('activate')).status).toBe(204);
    expect(paypal.getSubscription(id)!.status).toBe('ACTIVE');
    expect(paypal.recordPayment(id).billing_info.cycle_executions[0]!.cycles_completed).toBe(2);
    expect(paypal.recordFailedPayment(id).billing_info.failed_payments_count).toBe(1);
    expect(paypal.setStatus(id, 'EXPIRED').status).toBe('EXPIRED');
    paypal.failApi(503);
    expect((await api(`/v1/billing/subscriptions/${id}`)).status).toBe(503);
    paypal.failApi(null);
    expect((await api(`/v1/billing/subscriptions/${id}`)).status).toBe(200);
  });
});
