import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../db/test-database';
import { seedUser } from '../../testing/seed-rows';
import { creditAnalytics } from '../billing/billing-history';
import { usersRepository } from '../users/users.repository';
import { creditsRepository } from './credits.repository';
import { spendCredit } from './credits.service';
import { GrantRefused, grantCredits, MAX_OPERATOR_GRANT } from './grant-credits';

describe('the operator grant', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 60_000);
  afterAll(() => handle?.close());

  it('records the credits in the ledger as an operator grant the user can spend', async () => {
    const userId = await seedUser(handle.db, 'reader@example.com');
    const granted = await grantCredits(handle.db, {
      email: '  Reader@Example.com ',
      plan: 'reader',
      count: 3,
      note: 'press copy',
    });
    expect(granted).toMatchObject({ userId, email: 'reader@example.com', tier: 'READER' });
    expect(granted.balances).toEqual({ FREE: 0, READER: 3, BOOKWORM: 0 });
    const [entry] = await creditsRepository.entriesFor(handle.db, userId);
    expect(entry).toMatchObject({ tier: 'READER', amount: 3, reason: 'operator' });
    expect(entry?.sourceId).toMatch(/^operator:[0-9a-f-]{36}:press copy$/);
    expect((await creditAnalytics(handle.db, userId)).granted).toBe(3);
    const tier = await handle.db.transaction((tx) => spendCredit(tx, userId, 'translation:granted'));
    expect(tier).toBe('READER');
  });

  it('adds a second grant rather than ignoring it', async () => {
    const userId = await seedUser(handle.db, 'twice@example.com');
    await grantCredits(handle.db, { email: 'twice@example.com', plan: 'BOOKWORM', count: 1 });
    const again = await grantCredits(handle.db, { email: 'twice@example.com', plan: 'BOOKWORM', count: 2 });
    expect(again.balances.BOOKWORM).toBe(3);
    expect(await creditsRepository.entriesFor(handle.db, userId)).toHaveLength(2);
  });

  it('refuses an unknown address, plan or count, and an account being deleted, granting nothing', async () => {
    const userId = await seedUser(handle.db, 'careful@example.com');
    const refusal = (grant: Parameters<typeof grantCredits>[1]) =>
      grantCredits(handle.db, grant).then(
        () => 'granted',
        (error: Error) => (error instanceof GrantRefused ? error.message : `crashed: ${error.message}`),
      );
    expect(await refusal({ email: 'nobody@example.com', plan: 'READER', count: 1 })).toBe(
      'No account has the e-mail address nobody@example.com',
    );
    expect(await refusal({ email: 'careful@example.com', plan: 'GOLD', count: 1 })).toBe(
      'Unknown plan "GOLD": use one of BOOKWORM, READER, FREE',
    );
    for (const count of [0, -2, 1.5, MAX_OPERATOR_GRANT + 1]) {
      expect(await refusal({ email: 'careful@example.com', plan: 'FREE', count })).toBe(
        `The count must be a whole number from 1 to ${MAX_OPERATOR_GRANT}`,
      );
    }
    expect(
      await refusal({ email: 'careful@example.com', plan: 'FREE', count: 1, note: 'x'.repeat(201) }),
    ).toBe('The note may have at most 200 characters');
    const now = new Date();
    await usersRepository.recordDeletion(handle.db, {
      userId,
      requestedAt: now,
      purgeAfter: now,
      email: 'careful@example.com',
    });
    expect(await refusal({ email: 'careful@example.com', plan: 'FREE', count: 1 })).toMatch(/being deleted/);
    expect(await creditsRepository.entriesFor(handle.db, userId)).toEqual([]);
  });
});
