import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { testDatabaseUrl } from '../config/env';
import { createDatabase, migrationsFolder, wrapPglite } from './client';
import type { DatabaseHandle } from './database';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The kinds a database test should cover: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

let migratedPglite: Promise<Blob> | undefined;

// Creating a PGlite runs initdb (seconds on a busy machine); loading a dumped data directory skips it.
// The migrated dump is cached on disk, keyed by the migrations, so each test file pays only the load.
async function migratedDump(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  const cacheFile = join(tmpdir(), `booktranslate-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([readFileSync(cacheFile)]);
  } catch {
    const template = await PGlite.create();
    await wrapPglite(template).migrate();
    const dump = await template.dumpDataDir('none');
    await template.close();
    const temp = `${cacheFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, new Uint8Array(await dump.arrayBuffer()));
    renameSync(temp, cacheFile);
    return dump;
  }
}

/**
 * A fresh, migrated database for one test file (call it in beforeAll, close it in afterAll).
 * Defaults to PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite.
 * PGlite: migrated once (dump cached in the temp directory) and cloned from that dump.
 * PostgreSQL: a new database per call, dropped again by close().
 * @example const handle = await createTestDatabase(); afterAll(() => handle.close());
 */
export async function createTestDatabase(kind?: TestDatabaseKind): Promise<DatabaseHandle> {
  const url = testDatabaseUrl();
  const chosen = kind ?? (url ? 'postgres' : 'pglite');
  if (chosen === 'postgres') {
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    return createPostgresTestDatabase(url);
  }
  migratedPglite ??= migratedDump();
  const pglite = await PGlite.create({ loadDataDir: await migratedPglite });
  return wrapPglite(pglite);
}

async function createPostgresTestDatabase(adminUrl: string): Promise<DatabaseHandle> {
  const name = `bt_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), maxConnections: 5 });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
