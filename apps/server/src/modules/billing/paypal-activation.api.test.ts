import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingWorld, PLAN_IDS, startBillingWorld } from '../../testing/billing-test-kit';

type User = Awaited<ReturnType<BillingWorld['newUser']>>;

describe('activating a PayPal subscription: a bound, CSRF-checked write', () => {
  let w: BillingWorld;
  beforeAll(async () => {
    w = await startBillingWorld();
  }, 60_000);
  afterAll(() => w?.close());

  const activatePath = (id: string) => `/billing/paypal/subscription/${id}/activate/`;

  /** What the Billing page does: the server creates the subscription, the buyer approves it at PayPal. */
  async function startAndApprove(user: User, plan: string, billing_period: 'month' | 'year' = 'month') {
    const started = await user.client.post('/billing/paypal/subscription/', { plan, billing_period });
    expect(started.statusCode).toBe(200);
    const id = started.json().subscription_id as string;
    w.paypal.approveSubscription(id, { email: user.email });
    return id;
  }

  /** A user on the Reader plan, activated the proper way. */
  async function readerSubscriber() {
    const user = await w.newUser();
    const id = await startAndApprove(user, 'reader');
    expect((await user.client.post(activatePath(id))).statusCode).toBe(200);
    return { ...user, subscriptionId: id };
  }

  /** The victim's plan, credits and PayPal subscription, to compare before and after an attack. */
  async function stateOf(user: User & { subscriptionId: string }) {
    const profile = (await user.client.get('/users/profile/')).json();
    const subscriptions = (await user.client.get('/billing/subscriptions/')).json().subscriptions;
    return {
      plan: profile.subscription_plan,
      credits: await w.balances(user.userId),
      subscriptions: subscriptions.map((s: { subscription_id: string; status: string }) => [
        s.subscription_id,
        s.status,
      ]),
      atPayPal: w.paypal.getSubscription(user.subscriptionId)?.status,
      cancelCalls: w.paypal.calls.filter((c) => c.path.endsWith(`${user.subscriptionId}/cancel`)).length,
    };
  }

  it('creates the subscription at PayPal bound to the account, then activates it after approval', async () => {
    const user = await w.newUser();
    const started = await user.client.post('/billing/paypal/subscription/', {
      plan: 'bookworm',
      billing_period: 'year',
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'APPROVAL_PENDING',
      plan: 'bookworm',
      billing_period: 'year',
    });
    expect(started.json().approve_url).toContain('ba_token=');
    const id = started.json().subscription_id as string;
    expect(w.paypal.getSubscription(id)).toMatchObject({
      plan_id: PLAN_IDS.bookwormYear,
      custom_id: user.userId,
    });
    const create = w.paypal.calls.find((c) => c.method === 'POST' && c.path === '/v1/billing/subscriptions');
    expect(create?.body).toMatchObject({
      application_context: {
        user_action: 'SUBSCRIBE_NOW',
        return_url: expect.stringMatching(/\/billing\/success$/),
      },
    });
    // Not approved yet: nothing to activate.
    expect((await user.client.post(activatePath(id))).statusCode).toBe(409);

    w.paypal.approveSubscription(id, { email: user.email });
    const activated = await user.client.post(activatePath(id));
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ credits_granted: 84, subscription: { subscription_id: id } });
    expect((await user.client.get('/users/profile/')).json()).toMatchObject({
      subscription_plan: 'bookworm',
    });
  });

  it('starts nothing for the Free plan, an unknown plan, without the CSRF token, or while PayPal is down', async () => {
    const user = await w.newUser();
    const start = (body: unknown) => user.client.post('/billing/paypal/subscription/', body);
    expect((await start({ plan: 'free' })).statusCode).toBe(409); // already on Free
    expect((await start({ plan: 'gold' })).statusCode).toBe(400);
    w.paypal.failApi(500);
    try {
      expect((await start({ plan: 'reader' })).statusCode).toBe(503);
    } finally {
      w.paypal.failApi(null);
    }
    expect(
      (
        await user.client.request('POST', '/billing/paypal/subscription/', {
          body: { plan: 'reader' },
          csrf: false,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a GET, as a link or a page on another site makes the browser send, changes nothing', async () => {
    const victim = await readerSubscriber();
    const attacker = await w.newUser();
    const trap = await startAndApprove(attacker, 'bookworm');
    const before = await stateOf(victim);
    const navigation = await victim.client.request('GET', activatePath(trap), {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(navigation.statusCode).toBe(404);
    expect((await victim.client.get(activatePath(victim.subscriptionId))).statusCode).toBe(404);
    expect(await stateOf(victim)).toEqual(before);
    expect((await attacker.client.get('/billing/subscriptions/')).json().subscriptions).toEqual([]);
  });

  it('refuses a POST without the CSRF token, or one a cross-site page sends', async () => {
    const victim = await readerSubscriber();
    const attacker = await w.newUser();
    const trap = await startAndApprove(attacker, 'bookworm');
    const before = await stateOf(victim);
    const noToken = await victim.client.request('POST', activatePath(trap), { csrf: false });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error.code).toBe('CSRF_FAILED');
    const crossSite = await victim.client.request('POST', activatePath(trap), {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('CSRF_FAILED');
    expect(await stateOf(victim)).toEqual(before);
  });

  it("refuses another account's subscription, or one bound to nobody; the user's own plan is untouched", async () => {
    const victim = await readerSubscriber();
    const attacker = await w.newUser();
    const trap = await startAndApprove(attacker, 'bookworm');
    const before = await stateOf(victim);

    const foreign = await victim.client.post(activatePath(trap));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This subscription belongs to another account',
    });
    // Made with PayPal's buttons and our public client id but no binding: nobody's.
    const unbound = w.paypal.createSubscription({ planId: PLAN_IDS.bookwormMonth });
    const stray = await victim.client.post(activatePath(unbound.id));
    expect(stray.statusCode).toBe(403);
    expect(stray.json().error.message).toContain('not started from your account');

    expect(await stateOf(victim)).toEqual(before);
    expect(before).toMatchObject({ plan: 'reader', atPayPal: 'ACTIVE', cancelCalls: 0 });
    expect(w.paypal.getSubscription(trap)?.status).toBe('ACTIVE');
    // The attacker's own subscription still works for the attacker.
    expect((await attacker.client.post(activatePath(trap))).statusCode).toBe(200);
  });
});
