import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database, DatabaseHandle } from './database';
import * as schema from './schema';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK = 7_240_513;

export interface DatabaseOptions {
  /** postgres:// URL; absent means PGlite. */
  url?: string | undefined;
  /** PGlite data directory, or `memory://` for a throw-away database. */
  pgliteDir?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

/**
 * Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite on disk.
 * @example const { db, close } = await createDatabase(config.database);
 */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.maxConnections ?? 10);
  return openPglite(options.pgliteDir ?? 'memory://');
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  return wrapPglite(pglite);
}

/** Wraps an open PGlite instance (also used by the test helper after cloning a migrated one). */
export function wrapPglite(pglite: PGlite): DatabaseHandle {
  const db = drizzlePglite(pglite, { schema });
  return {
    kind: 'pglite',
    db: db as unknown as Database,
    queueConnection: { kind: 'pglite', pglite },
    check: () => checkDatabase(db as unknown as Database),
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => pglite.close(),
  };
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its connection emits 'error'; without a listener that kills the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  const probe = healthConnection(url);
  return {
    kind: 'postgres',
    db: db as unknown as Database,
    queueConnection: { kind: 'postgres', connectionString: url },
    check: probe.check,
    async migrate() {
      // Several api/worker processes may start at once: the advisory lock lets one migrate at a time,
      // and the others then find nothing left to apply.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    async close() {
      await probe.close();
      await pool.end();
    },
  };
}

/**
 * One connection kept apart from the pool for the health probe: opened at the first check, opened
 * again after a failure, so a probe never waits behind a burst of queued requests.
 */
function healthConnection(url: string): { check(): Promise<void>; close(): Promise<void> } {
  let client: Promise<pg.Client> | undefined;
  const drop = (failed: Promise<pg.Client>) => {
    if (client !== failed) return;
    client = undefined;
    void failed.then((c) => c.end()).catch(() => {});
  };
  return {
    async check() {
      if (!client) {
        const opening = (async () => {
          const opened = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
          // A connection lost while idle emits 'error'; the next check opens another.
          opened.on('error', () => drop(opening));
          await opened.connect();
          return opened;
        })();
        client = opening;
      }
      const current = client;
      try {
        await (await current).query('select 1');
      } catch (error) {
        drop(current);
        throw error;
      }
    },
    async close() {
      const open = client;
      client = undefined;
      await open?.then((c) => c.end()).catch(() => {});
    },
  };
}

/** For GET /health: resolves when the database answers a trivial query. */
export async function checkDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
