import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, PgBoss } from 'pg-boss';
import { testDatabaseUrl } from '../config/env';
import { createDatabase, migrationsFolder, wrapPglite } from './client';
import type { DatabaseHandle } from './database';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The kinds a database test should cover: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

let migratedPglite: Promise<Blob> | undefined;

const require = createRequire(import.meta.url);

function packageVersion(name: string): string {
  // The entry point sits in dist/; its package.json is the nearest one above.
  let dir = dirname(require.resolve(name));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
}

/** Changes whenever the dump would differ: new migrations, or new PGlite or pg-boss versions. */
function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${packageVersion('@electric-sql/pglite')} pg-boss ${packageVersion('pg-boss')}`);
  for (const file of readdirSync(migrationsFolder).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** A migrated PGlite with pg-boss's schema installed, as a data-directory dump. */
async function buildTemplate(): Promise<Blob> {
  const template = await PGlite.create();
  await wrapPglite(template).migrate();
  const boss = new PgBoss({ db: fromPglite(template), backend: 'pglite', supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ close: false });
  const dump = await template.dumpDataDir('none');
  await template.close();
  return dump;
}

// Creating a PGlite runs initdb (seconds on a busy machine); loading a dumped data directory skips
// it, and the dump already holds the migrations and pg-boss's tables. It is cached in the temp
// directory so each test file pays only the load.
async function templateDump(): Promise<Blob> {
  const cacheFile = join(tmpdir(), `booktranslate-pglite-${templateKey()}.tar`);
  const lockFile = `${cacheFile}.lock`;
  // Test files start in parallel: one builds the template, the others wait for its file.
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if (existsSync(cacheFile)) return new Blob([readFileSync(cacheFile)]);
    try {
      closeSync(openSync(lockFile, 'wx'));
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    const dump = await buildTemplate();
    const temp = `${cacheFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, new Uint8Array(await dump.arrayBuffer()));
    renameSync(temp, cacheFile);
    return dump;
  } finally {
    rmSync(lockFile, { force: true });
  }
}

async function openFromTemplate(): Promise<PGlite> {
  migratedPglite ??= templateDump();
  try {
    return await PGlite.create({ loadDataDir: await migratedPglite });
  } catch (error) {
    // A damaged cache file: rebuild once, straight from the migrations.
    migratedPglite = buildTemplate();
    rmSync(join(tmpdir(), `booktranslate-pglite-${templateKey()}.tar`), { force: true });
    if (!(await migratedPglite.then(() => true).catch(() => false))) throw error;
    return PGlite.create({ loadDataDir: await migratedPglite });
  }
}

/**
 * A fresh, migrated database for one test file (call it in beforeAll, close it in afterAll).
 * Defaults to PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite.
 * PGlite: a migrated template with pg-boss installed, dumped once (cached in the temp directory)
 * and loaded per call.
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
  return wrapPglite(await openFromTemplate());
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
