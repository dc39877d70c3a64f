import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../db/test-database';
import { seedUser } from '../../testing/seed-rows';
import { creditsRepository } from './credits.repository';
import { spendCredit } from './credits.service';
import { takeBackCredits } from './take-back-credits';

describe('taking credits back', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 60_000);
  afterAll(() => handle?.close());

  async function userWith(bookworm: number) {
    const userId = await seedUser(handle.db);
    await creditsRepository.record(handle.db, {
      userId,
      tier: 'BOOKWORM',
      amount: bookworm,
      reason: 'subscription',
      sourceId: `grant:${userId}`,
    });
    return userId;
  }
  const takeBack = (userId: string, upTo: number | undefined, sourceId: string) =>
    handle.db.transaction((tx) =>
      takeBackCredits(tx, {
        userId,
        tier: 'BOOKWORM',
        reason: 'payment-refund',
        sourceId,
        ...(upTo === undefined ? {} : { upTo }),
      }),
    );

  it('takes at most what it is asked, never more than the balance, once per source id', async () => {
    const userId = await userWith(7);
    expect(await takeBack(userId, 3, `a:${userId}`)).toBe(3);
    expect(await takeBack(userId, 3, `a:${userId}`)).toBe(3); // repeated: nothing more taken
    expect((await creditsRepository.balances(handle.db, userId)).BOOKWORM).toBe(4);
    expect(await takeBack(userId, 10, `b:${userId}`)).toBe(4);
    expect(await takeBack(userId, undefined, `c:${userId}`)).toBe(0);
    expect((await creditsRepository.balances(handle.db, userId)).BOOKWORM).toBe(0);
  });

  it('takes everything when no limit is given, and spends racing with it never overdraw', async () => {
    const userId = await userWith(5);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) =>
        handle.db.transaction((tx) => spendCredit(tx, userId, `spend:${i}:${userId}`)),
      ),
      takeBack(userId, undefined, `all:${userId}`),
    ]);
    const spent = results.slice(0, 4).filter((tier) => tier === 'BOOKWORM').length;
    expect(spent + (results[4] as number)).toBe(5);
    expect((await creditsRepository.balances(handle.db, userId)).BOOKWORM).toBe(0);
  });
});
