import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import type { DatabaseHandle } from '../../db/database';
import { uploadGrants } from '../../db/schema/upload-grants';
import { users } from '../../db/schema/users';
import { createTestDatabase } from '../../db/test-database';
import { JobRegistry } from '../../jobs/job-registry';
import { Queue } from '../../jobs/queue';
import { startWorker } from '../../jobs/worker';
import { createLogger } from '../../plugins/logger';
import { createStorage } from '../../storage/create-storage';
import type { Storage } from '../../storage/storage';
import { booksWorkerHandlers, UPLOAD_SWEEP_CRON, uploadSweepJob } from './books.jobs';

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the upload-sweep job on pg-boss', () => {
  let handle: DatabaseHandle;
  let queue: Queue;
  let storage: Storage;
  let temporary: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'bt-sweep-')) });
    storage = createStorage(config);
    temporary = join(config.storage.localDir, '.tmp');
    queue = new Queue({ connection: handle.queueConnection, registry: new JobRegistry([uploadSweepJob]) });
    await queue.start();
    const deps = {
      config,
      db: handle.db,
      queue,
      storage,
      logger: createLogger('silent'),
      clock: { now: () => new Date() },
    };
    await startWorker(queue, booksWorkerHandlers(deps), { pollingIntervalSeconds: 0.5 });
  }, 60_000);
  afterAll(async () => {
    await queue?.stop(2000);
    await handle?.close();
  });

  it('is scheduled and deletes the uploads of expired grants, keeping open ones', async () => {
    const schedule = await until(async () => (await queue.boss.getSchedules(uploadSweepJob.name))[0]);
    expect(schedule.cron).toBe(UPLOAD_SWEEP_CRON);
    const [user] = await handle.db.insert(users).values({ email: 'sweep@example.com' }).returning();
    const expired = `uploads/${user!.id}/expired`;
    const open = `uploads/${user!.id}/open`;
    await handle.db.insert(uploadGrants).values([
      { key: expired, userId: user!.id, maxBytes: 2, expiresAt: new Date(Date.now() - 3600_000) },
      { key: open, userId: user!.id, maxBytes: 2, expiresAt: new Date(Date.now() + 3600_000) },
    ]);
    for (const key of [expired, open])
      await storage.put(key, new Uint8Array([1, 2]), { contentType: 'text/plain' });
    await queue.send(uploadSweepJob, {});
    await until(async () => ((await storage.stat(expired)) === null ? true : undefined));
    expect((await storage.stat(open))?.size).toBe(2);
    expect((await handle.db.select().from(uploadGrants)).map((g) => g.key)).toEqual([open]);
  });

  it('deletes temporary files of writes that never finished, older than an hour', async () => {
    mkdirSync(temporary, { recursive: true });
    writeFileSync(join(temporary, 'left-behind'), 'half a book');
    writeFileSync(join(temporary, 'still-arriving'), 'a book');
    const old = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(temporary, 'left-behind'), old, old);
    await queue.send(uploadSweepJob, {});
    await until(async () => (readdirSync(temporary).length === 1 ? true : undefined));
    expect(readdirSync(temporary)).toEqual(['still-arriving']);
  });
});
