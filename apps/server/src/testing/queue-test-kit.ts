import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, loadConfig } from '../config/env';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase, type TestDatabaseKind } from '../db/test-database';
import type { JobDefinition } from '../jobs/define-job';
import { JobRegistry } from '../jobs/job-registry';
import { Queue } from '../jobs/queue';
import { type JobHandlers, startWorker } from '../jobs/worker';
import type { WorkerDeps } from '../modules/module';
import { createLogger } from '../plugins/logger';
import { createStorage } from '../storage/create-storage';
import type { Storage } from '../storage/storage';

export interface TestQueue {
  handle: DatabaseHandle;
  queue: Queue;
  /** Stops the queue, giving running jobs `stopMs` to end, and closes the database. */
  close(stopMs?: number): Promise<void>;
}

/** The real queue (pg-boss) for `jobs` on a fresh database, started, with no worker. */
export async function startTestQueue(
  jobs: readonly JobDefinition[],
  kind?: TestDatabaseKind,
): Promise<TestQueue> {
  const handle = await createTestDatabase(kind);
  const queue = new Queue({ connection: handle.queueConnection, registry: new JobRegistry(jobs) });
  await queue.start();
  return {
    handle,
    queue,
    async close(stopMs = 1000) {
      await queue.stop(stopMs);
      await handle.close();
    },
  };
}

export interface JobWorker extends TestQueue {
  config: Config;
  storage: Storage;
}

/**
 * One job's worker on pg-boss over a fresh database and local storage in a new folder, polling every
 * half second, as a module's scheduled job runs in production; `env` adds settings.
 */
export async function startJobWorker(
  job: JobDefinition,
  handlers: (deps: WorkerDeps) => JobHandlers,
  dataDirPrefix: string,
  env: Record<string, string> = {},
): Promise<JobWorker> {
  const started = await startTestQueue([job]);
  const { handle, queue } = started;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), dataDirPrefix)),
    ...env,
  });
  const storage = createStorage(config);
  const deps = {
    config,
    db: handle.db,
    queue,
    storage,
    logger: createLogger('silent'),
    clock: { now: () => new Date() },
  };
  await startWorker(queue, handlers(deps), { pollingIntervalSeconds: 0.5 });
  return { ...started, config, storage, close: (stopMs = 2000) => started.close(stopMs) };
}

/** Polls `probe` every 100 ms until it answers a value; throws after `timeoutMs`. */
export async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
