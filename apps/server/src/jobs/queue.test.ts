import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase, testDatabaseKinds } from '../db/test-database';
import { defineJob } from './define-job';
import { JobRegistry } from './job-registry';
import { Queue } from './queue';
import { handler, startWorker } from './worker';

const once = defineJob({ name: 'test-once', payload: z.object({ n: z.number().int() }), concurrency: 2 });
const flaky = defineJob({
  name: 'test-flaky',
  payload: z.object({ failTimes: z.number().int() }),
  policy: { retryLimit: 2, retryDelay: 0, retryBackoff: false },
});
const doomed = defineJob({
  name: 'test-doomed',
  payload: z.object({}),
  policy: { retryLimit: 1, retryDelay: 0, retryBackoff: false },
});

async function until(predicate: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls until the job is completed, failed or cancelled; returns that state. */
async function settledState(queue: Queue, name: string, id: string): Promise<string | undefined> {
  let state: string | undefined;
  for (let i = 0; i < 200; i++) {
    state = (await queue.boss.getJobById(name, id))?.state;
    if (state === 'completed' || state === 'failed' || state === 'cancelled') return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return state;
}

describe.each(testDatabaseKinds())('queue on %s', (kind) => {
  let handle: DatabaseHandle;
  let queue: Queue;
  const runs: number[] = [];
  const flakyAttempts: number[] = [];
  let doomedAttempts = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    queue = new Queue({
      connection: handle.queueConnection,
      registry: new JobRegistry([once, flaky, doomed]),
    });
    await startWorker(
      queue,
      {
        [once.name]: handler(once, async ({ n }) => {
          runs.push(n);
        }),
        [flaky.name]: handler(flaky, async ({ failTimes }, { retryCount }) => {
          flakyAttempts.push(retryCount);
          if (retryCount < failTimes) throw new Error(`failing attempt ${retryCount}`);
        }),
        [doomed.name]: handler(doomed, async () => {
          doomedAttempts += 1;
          throw new Error('always fails');
        }),
      },
      { pollingIntervalSeconds: 0.5 },
    );
  });
  afterAll(async () => {
    await queue?.stop(2000);
    await handle?.close();
  });

  it('runs each job exactly once', async () => {
    for (let n = 0; n < 10; n++) await queue.send(once, { n });
    await until(() => runs.length >= 10);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([...runs].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('retries a failing job within its retry limit, then succeeds', async () => {
    const id = await queue.send(flaky, { failTimes: 2 });
    await until(() => flakyAttempts.length >= 3);
    expect(await settledState(queue, flaky.name, id as string)).toBe('completed');
    expect(flakyAttempts).toEqual([0, 1, 2]);
  });

  it('fails a job for good after the retry limit', async () => {
    const id = (await queue.send(doomed, {})) as string;
    expect(await settledState(queue, doomed.name, id)).toBe('failed');
    expect(doomedAttempts).toBe(2);
  });

  it('rejects a payload that does not match the definition', async () => {
    await expect(queue.send(once, { n: 'seven' })).rejects.toThrow();
    await expect(queue.send('no-such-job', {})).rejects.toThrow(/no job is defined/);
  });

  it('ignores a second send with the same id', async () => {
    const id = crypto.randomUUID();
    expect(await queue.send(once, { n: 100 }, { id })).toBe(id);
    expect(await queue.send(once, { n: 100 }, { id })).toBeNull();
    await until(() => runs.includes(100));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(runs.filter((n) => n === 100)).toHaveLength(1);
  });

  it('sends many jobs at once: each validated, each once by its id, with the queue policy', async () => {
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await expect(
      queue.sendMany(once, [{ payload: { n: 300 } }, { payload: { n: 'three hundred and one' } }]),
    ).rejects.toThrow();
    await queue.sendMany(
      once,
      ids.map((id, i) => ({ payload: { n: 310 + i }, options: { id, priority: i } })),
    );
    // Sent again (a prepare step run twice after a crash): the ids exist, nothing is added.
    await queue.sendMany(
      once,
      ids.map((id, i) => ({ payload: { n: 310 + i }, options: { id } })),
    );
    await until(() => [310, 311, 312].every((n) => runs.includes(n)));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(runs.filter((n) => n >= 300 && n < 400).sort()).toEqual([310, 311, 312]);
    const job = await queue.boss.getJobById(once.name, ids[2] as string);
    expect(job?.priority).toBe(2);
    expect(job?.retryLimit).toBe(once.policy.retryLimit);
  });

  it('enqueues inside a transaction only when it commits', async () => {
    const kept = crypto.randomUUID();
    const dropped = crypto.randomUUID();
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await queue.send(once, { n: 200 }, { id: kept, tx });
    });
    await handle.db
      .transaction(async (tx) => {
        await queue.send(once, { n: 300 }, { id: dropped, tx });
        throw new Error('roll back');
      })
      .catch(() => {});
    await until(() => runs.includes(200));
    expect(await queue.boss.getJobById(once.name, dropped)).toBeNull();
    expect(runs).not.toContain(300);
  });

  it('reports healthy', async () => {
    await expect(queue.check()).resolves.toBeUndefined();
  });
});
