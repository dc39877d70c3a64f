import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../db/test-database';
import { seedUser } from '../../testing/seed-rows';
import { creditsRepository } from './credits.repository';
import { freeCreditsPending, grantSignupCredits, refundCredit, spendCredit } from './credits.service';

describe('the credit ledger', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 60_000);
  afterAll(() => handle?.close());

  it('grants sign-up credits once, however often it is asked', async () => {
    const userId = await seedUser(handle.db, 'grant@example.com');
    expect(await grantSignupCredits(handle.db, userId)).toBe(true);
    expect(await grantSignupCredits(handle.db, userId)).toBe(false);
    expect(await creditsRepository.balances(handle.db, userId)).toEqual({ FREE: 2, READER: 0, BOOKWORM: 0 });
  });

  it('tells an unconfirmed account the sign-up credits are waiting until they are granted', async () => {
    const userId = await seedUser(handle.db, 'pending@example.com');
    expect(await freeCreditsPending(handle.db, { id: userId, emailVerified: false })).toBe(2);
    expect(await freeCreditsPending(handle.db, { id: userId, emailVerified: true })).toBe(0);
    await grantSignupCredits(handle.db, userId);
    // Accounts from before confirmation links had them at sign-up: nothing is waiting for them.
    expect(await freeCreditsPending(handle.db, { id: userId, emailVerified: false })).toBe(0);
  });

  it('spends BOOKWORM, then READER, then FREE, idempotently per source, and refuses when empty', async () => {
    const userId = await seedUser(handle.db, 'spend@example.com');
    const grants = [
      ['FREE', 'signup', 'f'],
      ['READER', 'subscription', 'r'],
      ['BOOKWORM', 'subscription', 'b'],
    ] as const;
    for (const [tier, reason, key] of grants)
      await creditsRepository.record(handle.db, {
        userId,
        tier,
        amount: 1,
        reason,
        sourceId: `t:${userId}:${key}`,
      });
    const spend = (source: string) =>
      handle.db.transaction((tx) => spendCredit(tx, userId, `${source}:${userId}`));
    expect(await spend('a')).toBe('BOOKWORM');
    expect(await spend('a')).toBe('BOOKWORM'); // retried: no second charge
    expect(await spend('b')).toBe('READER');
    expect(await spend('c')).toBe('FREE');
    expect(await spend('d')).toBeNull();
    expect(await creditsRepository.balances(handle.db, userId)).toEqual({ FREE: 0, READER: 0, BOOKWORM: 0 });
    expect(
      await handle.db.transaction((tx) => refundCredit(tx, userId, 'READER', `refund:b:${userId}`)),
    ).toBe(true);
    expect(
      await handle.db.transaction((tx) => refundCredit(tx, userId, 'READER', `refund:b:${userId}`)),
    ).toBe(false);
    expect(await creditsRepository.balances(handle.db, userId)).toEqual({ FREE: 0, READER: 1, BOOKWORM: 0 });
  });

  it('never spends one credit twice under concurrent uses', async () => {
    const userId = await seedUser(handle.db, 'race@example.com');
    await grantSignupCredits(handle.db, userId);
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        handle.db.transaction((tx) => spendCredit(tx, userId, `race:${i}:${userId}`)),
      ),
    );
    expect(attempts.filter((tier) => tier === 'FREE')).toHaveLength(2);
    expect(attempts.filter((tier) => tier === null)).toHaveLength(3);
    expect(await creditsRepository.balances(handle.db, userId)).toEqual({ FREE: 0, READER: 0, BOOKWORM: 0 });
  });

  it('rejects tiers outside FREE/READER/BOOKWORM at the database', async () => {
    const userId = await seedUser(handle.db, 'tier@example.com');
    await expect(
      creditsRepository.record(handle.db, {
        userId,
        tier: 'GOLD' as never,
        amount: 1,
        reason: 'x',
        sourceId: `gold:${userId}`,
      }),
    ).rejects.toThrow();
  });
});
