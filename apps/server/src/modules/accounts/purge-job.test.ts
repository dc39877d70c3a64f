import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import type { DatabaseHandle } from '../../db/database';
import { accountDeletions } from '../../db/schema/account-deletions';
import { users } from '../../db/schema/users';
import { createTestDatabase } from '../../db/test-database';
import { JobRegistry } from '../../jobs/job-registry';
import { Queue } from '../../jobs/queue';
import { startWorker } from '../../jobs/worker';
import { createLogger } from '../../plugins/logger';
import { createStorage } from '../../storage/create-storage';
import type { Storage } from '../../storage/storage';
import { ACCOUNT_PURGE_CRON, accountPurgeJob, accountsWorkerHandlers } from './accounts.jobs';

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the account-purge job on pg-boss', () => {
  let handle: DatabaseHandle;
  let queue: Queue;
  let storage: Storage;
  beforeAll(async () => {
    handle = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'bt-purge-')) });
    storage = createStorage(config);
    queue = new Queue({ connection: handle.queueConnection, registry: new JobRegistry([accountPurgeJob]) });
    await queue.start();
    const logger = createLogger('silent');
    const deps = { config, db: handle.db, queue, storage, logger, clock: { now: () => new Date() } };
    await startWorker(queue, accountsWorkerHandlers(deps), { pollingIntervalSeconds: 0.5 });
  }, 60_000);
  afterAll(async () => {
    await queue?.stop(2000);
    await handle?.close();
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
