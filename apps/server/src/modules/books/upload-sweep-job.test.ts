import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { uploadGrants } from '../../db/schema/upload-grants';
import { users } from '../../db/schema/users';
import type { Queue } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import { type JobWorker, startJobWorker, until } from '../../testing/queue-test-kit';
import { booksWorkerHandlers, UPLOAD_SWEEP_CRON, uploadSweepJob } from './books.jobs';

describe('the upload-sweep job on pg-boss', () => {
  let worker: JobWorker;
  let handle: DatabaseHandle;
  let queue: Queue;
  let storage: Storage;
  let temporary: string;
  beforeAll(async () => {
    worker = await startJobWorker(uploadSweepJob, booksWorkerHandlers, 'bt-sweep-');
    ({ handle, queue, storage } = worker);
    temporary = join(worker.config.storage.localDir, '.tmp');
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
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
