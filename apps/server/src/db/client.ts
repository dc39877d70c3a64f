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
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => pglite.close(),
  };
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its connection emits 'error'; without a listener that kills the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    kind: 'postgres',
    db: db as unknown as Database,
    queueConnection: { kind: 'postgres', connectionString: url },
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
    close: () => pool.end(),
  };
}

/** For GET /health: resolves when the database answers a trivial query. */
export async function checkDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
