import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingWorld, startBillingWorld } from '../../testing/billing-test-kit';
import { grantCredits } from './grant-credits';

describe('an operator grant, seen through the API', () => {
  let w: BillingWorld;
  beforeAll(async () => {
    w = await startBillingWorld();
  }, 60_000);
  afterAll(() => w?.close());

  it("shows in the user's profile and credit history, and nowhere else", async () => {
    const ana = await w.newUser();
    const bob = await w.newUser();
    await grantCredits(w.t.handle.db, { email: ana.email, plan: 'BOOKWORM', count: 2, note: 'press copy' });

    const profile = (await ana.client.get('/users/profile/')).json();
    expect(profile.credits_available).toEqual({ FREE: 2, READER: 0, BOOKWORM: 2 });
    expect(profile.available_credits).toBe(4);
    const credits = (await ana.client.get('/billing/credits/')).json();
    expect(credits.active_tier).toBe('BOOKWORM');
    expect(credits.history).toContainEqual(
      expect.objectContaining({ tier: 'BOOKWORM', amount: 2, reason: 'operator' }),
    );
    // The operator's note stays on the server.
    expect(JSON.stringify(credits)).not.toContain('press copy');

    expect((await bob.client.get('/users/profile/')).json().credits_available).toEqual({
      FREE: 2,
      READER: 0,
      BOOKWORM: 0,
    });
  });
});
