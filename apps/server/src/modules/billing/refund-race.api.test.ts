import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../db/test-database';
import { type BillingWorld, PLAN_IDS, startBillingWorld } from '../../testing/billing-test-kit';
import { seedBook } from '../../testing/seed-rows';
import { creditsRepository } from '../credits/credits.repository';

const LANGUAGES = ['fr', 'de', 'es', 'it', 'pt', 'nl', 'pl'];
const BOOKWORM_MONTH_CENTS = 4900;
const BOOKWORM_MONTH_CREDITS = 7;

describe.each(testDatabaseKinds())('a refund racing seven translations (%s)', (databaseKind) => {
  let w: BillingWorld;
  beforeAll(async () => {
    w = await startBillingWorld({}, { databaseKind });
  }, 60_000);
  afterAll(() => w?.close());

  it.each([1, 2, 3, 4, 5])(
    'refunds exactly what it takes back, and no credit is both spent and refunded (round %i)',
    async () => {
      const u = await w.newUser();
      const sub = w.paypal.createSubscription({
        planId: PLAN_IDS.bookwormMonth,
        email: u.email,
        customId: u.userId,
      });
      const activated = await u.client.post(`/billing/paypal/subscription/${sub.id}/activate/`);
      expect(activated.statusCode).toBe(200);
      const subscriptionId = activated.json().subscription.id as string;
      const bookId = await seedBook(w.t.handle.db, u.userId);

      const [refund, ...starts] = await Promise.all([
        u.client.post(`/billing/refund/${subscriptionId}/`, { reason: 'Changed my mind' }),
        ...LANGUAGES.map((target_language) =>
          u.client.post(`/books/${bookId}/add_translation/`, { target_language }),
        ),
      ]);

      const entries = await creditsRepository.entriesFor(w.t.handle.db, u.userId);
      const bookworm = entries.filter((e) => e.tier === 'BOOKWORM');
      const spent = taken(bookworm.filter((e) => e.reason === 'translation'));
      const takenBack = taken(bookworm.filter((e) => e.reason === 'payment-refund'));
      expect(spent + takenBack).toBe(BOOKWORM_MONTH_CREDITS);
      expect((await w.balances(u.userId)).BOOKWORM).toBe(0);
      // Every started translation holds a credit; the others were refused for want of one.
      expect(starts.filter((s) => s.statusCode === 201).length).toBe(
        taken(entries.filter((e) => e.reason === 'translation')),
      );
      expect(starts.every((s) => s.statusCode === 201 || s.statusCode === 402)).toBe(true);

      const refunds = (await u.client.get('/billing/transactions/?type=refund')).json().transactions;
      if (refund.statusCode === 422) {
        // Every credit went to a translation before the refund was decided: nothing to give back.
        expect(takenBack).toBe(0);
        expect(refunds).toEqual([]);
        return;
      }
      expect(refund.statusCode).toBe(200);
      const amount = Math.round((BOOKWORM_MONTH_CENTS * takenBack) / BOOKWORM_MONTH_CREDITS);
      expect(refund.json().refund).toMatchObject({
        refund_amount_cents: amount,
        credits_used: spent,
        credits_granted: BOOKWORM_MONTH_CREDITS,
      });
      expect(refunds).toMatchObject([{ status: 'PENDING', amount_cents: amount }]);
      expect(w.paypal.getSubscription(sub.id)?.status).toBe('CANCELLED');
    },
  );
});

/** Credits these ledger rows took from the balance. */
function taken(rows: { amount: number }[]): number {
  return rows.reduce((total, row) => total - row.amount, 0);
}
