import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase, type TestDatabaseKind } from '../db/test-database';
import type { AppDeps, Clock } from '../deps';
import { Queue } from '../jobs/queue';
import { jobRegistry } from '../modules';
import type { BooksAppDeps } from '../modules/books/books-deps';
import { createLogger } from '../plugins/logger';
import { createStorage } from '../storage/create-storage';
import type { Storage } from '../storage/storage';

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  deps: AppDeps;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  rateLimits?: AppDeps['rateLimits'];
  /** Where pino writes; default: nowhere (silent). */
  logStream?: NodeJS.WritableStream;
  webRoot?: string;
  /** Replaces the local-disk storage made from the config (DATA_DIR/files in a temp dir). */
  storage?: Storage;
  /** How often the progress streams read the database (ms); default 1000. */
  eventIntervalMs?: number;
  /** Which database (default: PostgreSQL when TEST_DATABASE_URL is set, else PGlite). */
  databaseKind?: TestDatabaseKind;
}

/**
 * The real app on a fresh migrated database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set),
 * with the real queue on it and local-disk storage in a temporary directory.
 * @example const t = await buildTestApp(); afterAll(() => t.close()); await t.app.inject({ url: '/api/v1/health' });
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const handle = await createTestDatabase(options.databaseKind);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bt-app-')),
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-hmac-keys',
    GOOGLE_CLIENT_ID: 'test-google-client',
    // app.inject() calls come from 127.0.0.1: tests play the proxy and name clients in X-Forwarded-For.
    // Production trusts no proxy unless TRUST_PROXY lists it (pass TRUST_PROXY: '' to test that).
    TRUST_PROXY: 'loopback',
    ...options.env,
  });
  const logger = options.logStream
    ? createLogger('info', options.logStream as never)
    : createLogger('silent');
  // The real queue on the test database (pg-boss is installed in the template), with no worker:
  // an upload's jobs wait in it, as they would for an API-only process.
  const queue = new Queue({ connection: handle.queueConnection, registry: jobRegistry, logger });
  await queue.start();
  const deps: AppDeps & BooksAppDeps = {
    config,
    db: handle.db,
    queue,
    storage: options.storage ?? createStorage(config),
    logger,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.eventIntervalMs ? { eventIntervalMs: options.eventIntervalMs } : {}),
    rateLimits: {
      authPerIpPerMinute: 1000,
      loginPerAccountPer15Min: 1000,
      loginPerIpPer15Min: 1000,
      ...options.rateLimits,
    },
  };
  const app = await buildApp(deps, { webRoot: options.webRoot ?? join(tmpdir(), 'bt-no-web-dist') });
  await app.ready();
  return {
    app,
    handle,
    deps,
    async close() {
      await app.close();
      await queue.stop();
      await handle.close();
    },
  };
}
