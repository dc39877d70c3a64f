import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../config/env';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import { hangJob, probeJob, probeTablesSql } from './fixtures/probe-job';
import { JobRegistry } from './job-registry';
import { Queue } from './queue';

const JOBS = 200;
const skipReason = testDatabaseUrl()
  ? undefined
  : 'two worker processes need PostgreSQL (PGlite is one process): set TEST_DATABASE_URL to run this test';
if (skipReason) console.warn(`skipped: ${skipReason}`);

const workerScript = fileURLToPath(new URL('./fixtures/probe-worker.ts', import.meta.url));

function startWorkerProcess(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', workerScript, url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited early with ${code}`)));
  });
}

async function count(db: DatabaseHandle['db'], query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: { count: number }[] };
  return Number(result.rows[0]?.count ?? 0);
}

describe.skipIf(skipReason)('two worker processes on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let queue: Queue;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase('postgres');
    for (const statement of probeTablesSql) await handle.db.execute(sql.raw(statement));
    queue = new Queue({ connection: handle.queueConnection, registry: new JobRegistry([probeJob, hangJob]) });
    // Install pg-boss and the queue once, so the two workers do not race to create them.
    await queue.start();
    const url = handle.queueConnection.kind === 'postgres' ? handle.queueConnection.connectionString : '';
    workers.push(...(await Promise.all([startWorkerProcess(url), startWorkerProcess(url)])));
  });

  afterAll(async () => {
    for (const worker of workers) {
      // A worker killed by the test has a signalCode and no exitCode; only live ones are stopped.
      if (worker.exitCode === null && worker.signalCode === null) {
        worker.kill('SIGTERM');
        await once(worker, 'exit');
      }
    }
    await queue?.stop(2000);
    await handle?.close();
  });

  it(`share ${JOBS} jobs without running any twice`, async () => {
    for (let n = 0; n < JOBS; n++) await queue.send(probeJob, { n });
    const deadline = Date.now() + 60_000;
    while ((await count(handle.db, sql`select count(*) as count from probe_runs`)) < JOBS) {
      if (Date.now() > deadline) throw new Error('jobs did not finish within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Give a would-be second run time to show up before counting duplicates.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await count(handle.db, sql`select count(*) as count from probe_runs`)).toBe(JOBS);
    expect(await count(handle.db, sql`select count(*) as count from probe_duplicates`)).toBe(0);
    const perProcess = (await handle.db.execute(
      sql`select pid, count(*)::int as count from probe_runs group by pid`,
    )) as unknown as { rows: { pid: number; count: number }[] };
    // Both processes took part: the queue was shared, not drained by one.
    expect(perProcess.rows).toHaveLength(2);
    console.info(`jobs per worker process: ${perProcess.rows.map((row) => row.count).join(' + ')}`);
  }, 120_000);

  it('leaves a slow attempt of a live worker alone (decision 300)', async () => {
    // 8 s: past the 5 s within which a dead worker's attempt is handed on, and past the heartbeat.
    await queue.send(hangJob, { n: 1002, slowMs: 8000 });
    const deadline = Date.now() + 60_000;
    while ((await count(handle.db, sql`select count(*) as count from probe_runs where n = 1002`)) === 0) {
      if (Date.now() > deadline) throw new Error('the slow job did not finish');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await count(handle.db, sql`select count(*) as count from probe_attempts where n = 1002`)).toBe(1);
  }, 90_000);

  it('hands the job of a killed worker to the other one within 5 s (decision 300)', async () => {
    await queue.send(hangJob, { n: 1 });
    type Attempt = { attempt: number; pid: number; at: Date };
    const attempts = async () =>
      (
        (await handle.db.execute(
          sql`select attempt, pid, at from probe_attempts where n = 1 order by attempt`,
        )) as unknown as {
          rows: Attempt[];
        }
      ).rows;
    const deadline = Date.now() + 90_000;
    while ((await attempts()).length === 0) {
      if (Date.now() > deadline) throw new Error('the job never started');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [first] = await attempts();
    const holder = workers.find((worker) => worker.pid === first?.pid);
    expect(holder).toBeDefined();
    const killedAt = Date.now();
    holder?.kill('SIGKILL');
    while ((await attempts()).length < 2) {
      if (Date.now() > deadline) throw new Error('the job was not picked up again');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [, second] = await attempts();
    expect(second?.attempt).toBe(1);
    expect(second?.pid).not.toBe(first?.pid);
    const recoveredInMs = Date.now() - killedAt;
    console.info(`job of a killed worker picked up again after ${(recoveredInMs / 1000).toFixed(1)} s`);
    // pg-boss alone: the 10 s heartbeat, its monitor and a back-off from 30 s.
    expect(recoveredInMs).toBeLessThan(5000);
  }, 120_000);
});
