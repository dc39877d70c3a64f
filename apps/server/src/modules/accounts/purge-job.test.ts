import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { accountDeletions } from '../../db/schema/account-deletions';
import { users } from '../../db/schema/users';
import type { Queue } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import { type JobWorker, startJobWorker, until } from '../../testing/queue-test-kit';
import { ACCOUNT_PURGE_CRON, accountPurgeJob, accountsWorkerHandlers } from './accounts.jobs';

describe('the account-purge job on pg-boss', () => {
  let worker: JobWorker;
  let handle: DatabaseHandle;
  let queue: Queue;
  let storage: Storage;
  beforeAll(async () => {
    worker = await startJobWorker(accountPurgeJob, accountsWorkerHandlers, 'bt-purge-');
    ({ handle, queue, storage } = worker);
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
  });

  it('is scheduled daily and purges a due account with its files when it runs', async () => {
    const schedule = await until(async () => (await queue.boss.getSchedules(accountPurgeJob.name))[0]);
    expect(schedule.cron).toBe(ACCOUNT_PURGE_CRON);
    const [user] = await handle.db.insert(users).values({ email: 'gone@example.com' }).returning();
    const [kept] = await handle.db.insert(users).values({ email: 'later@example.com' }).returning();
    await handle.db.insert(accountDeletions).values([
      { userId: user!.id, purgeAfter: new Date(Date.now() - 1000), email: 'gone@example.com' },
      { userId: kept!.id, purgeAfter: new Date(Date.now() + 86_400_000), email: 'later@example.com' },
    ]);
    await storage.put(`uploads/${user!.id}/draft`, new Uint8Array([1, 2]), {
      contentType: 'application/octet-stream',
    });
    await queue.send(accountPurgeJob, {});
    await until(async () => {
      const rows = await handle.db.select().from(users).where(eq(users.id, user!.id));
      return rows.length === 0 ? true : undefined;
    });
    expect(await storage.list(`uploads/${user!.id}/`)).toEqual([]);
    expect(await handle.db.select().from(users).where(eq(users.id, kept!.id))).toHaveLength(1);
  });
});
