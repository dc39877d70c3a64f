import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase, testDatabaseKinds } from '../db/test-database';
import { defineJob } from './define-job';
import { JobRegistry } from './job-registry';
import { jobStartLedger } from './job-starts.repository';
import { Queue } from './queue';
import { handler, startWorker } from './worker';

// A back-off of 30 s or more before the first retry and a 10 s heartbeat: pg-boss alone would
// hand on a dead worker's job after at least 10 s, so a handover within 5 s is the presence's doing.
const policy = { retryLimit: 3, retryDelay: 30, retryBackoff: true, heartbeatSeconds: 10 };
const orphaned = defineJob({ name: 'test-orphaned', payload: z.object({}), policy });
const slow = defineJob({ name: 'test-slow', payload: z.object({}), policy });

async function until(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(testDatabaseKinds())('a dead worker process’s job on %s (decision 300)', (kind) => {
  let handle: DatabaseHandle;
  let queue: Queue;
  const orphanRuns: { attempt: number; at: number }[] = [];
  const slowRuns: number[] = [];
  let slowDone = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    queue = new Queue({ connection: handle.queueConnection, registry: new JobRegistry([orphaned, slow]) });
    await queue.start();
  });
  afterAll(async () => {
    await queue?.stop(2000);
    await handle?.close();
  });

  it('is run again within 5 s by a live worker, and a slow live one is left alone for 8 s', async () => {
    const starts = jobStartLedger(handle.db);
    // A process that has gone fetched the job and began its attempt: active in pg-boss, recorded
    // under a presence that no longer exists.
    const id = (await queue.send(orphaned, {})) as string;
    const [job] = await queue.boss.fetch(orphaned.name);
    expect(job?.id).toBe(id);
    await starts.begin(id, orphaned.name, { attempt: job?.retryCount ?? 0, session: randomUUID() });

    const startedAt = Date.now();
    await startWorker(
      queue,
      {
        [orphaned.name]: handler(orphaned, async (_payload, { retryCount }) => {
          orphanRuns.push({ attempt: retryCount, at: Date.now() - startedAt });
        }),
        [slow.name]: handler(slow, async (_payload, { retryCount }) => {
          slowRuns.push(retryCount);
          // A provider that takes its time: past the takeover's second by far.
          await new Promise((resolve) => setTimeout(resolve, 8000));
          slowDone += 1;
        }),
      },
      { pollingIntervalSeconds: 0.5, starts, takeoverIntervalMs: 500 },
    );
    const slowId = (await queue.send(slow, {})) as string;

    await until(() => orphanRuns.length > 0, 5000);
    console.info(`dead worker's job run again after ${(orphanRuns[0]?.at ?? 0) / 1000} s`);
    expect(orphanRuns[0]?.attempt).toBe((job?.retryCount ?? 0) + 1);

    await until(() => slowDone > 0, 20_000);
    // The handler has returned; the worker then closes its record and completes the job in pg-boss,
    // two writes that take a moment on a busy database: wait for them, not for the handler.
    let state: string | undefined;
    const deadline = Date.now() + 10_000;
    while (state !== 'completed' && Date.now() < deadline) {
      state = (await queue.boss.getJobById(slow.name, slowId))?.state;
      if (state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(state).toBe('completed');
    expect(slowRuns).toEqual([0]);
    // The handed-on attempt counts as one crash of the job (decision 111), and its record is gone.
    expect(await starts.orphans([])).toEqual([]);
  }, 40_000);
});
