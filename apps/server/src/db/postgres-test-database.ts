import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase } from './client';
import type { DatabaseHandle } from './database';
import { installQueueSchema, templateKey } from './template-key';

// Held while a template is built, so parallel test files build it once.
const TEMPLATE_LOCK = 7_240_514;

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated database with pg-boss installed, named after the migrations; built once per server.
 * Templates of older migrations are dropped when a new one is built.
 */
async function ensureTemplate(adminUrl: string): Promise<string> {
  const name = `bt_template_${templateKey()}`;
  await withAdmin(adminUrl, async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return;
      const building = `${name}_build_${randomBytes(3).toString('hex')}`;
      await client.query(`CREATE DATABASE ${building}`);
      const handle = await createDatabase({ url: databaseUrl(adminUrl, building), maxConnections: 1 });
      try {
        await handle.migrate();
        await installQueueSchema({ connectionString: databaseUrl(adminUrl, building) });
      } finally {
        await handle.close();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      const stale = await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'bt\\_template\\_%' AND datname <> $1",
        [name],
      );
      for (const row of stale.rows)
        await client.query(`DROP DATABASE IF EXISTS ${row.datname}`).catch(() => {});
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

let swept = false;

/** Drops test databases left by test processes that died before their close() (names carry the pid). */
async function sweepAbandoned(adminUrl: string): Promise<void> {
  if (swept) return;
  swept = true;
  await withAdmin(adminUrl, async (client) => {
    const found = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'bt\\_test\\_%'",
    );
    for (const { datname } of found.rows) {
      const pid = Number(datname.split('_')[2]);
      if (!pid || isAlive(pid)) continue;
      await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
    }
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A new database copied from the template; close() drops it. */
export async function createPostgresTestDatabase(adminUrl: string): Promise<DatabaseHandle> {
  await sweepAbandoned(adminUrl);
  const template = await ensureTemplate(adminUrl);
  const name = `bt_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const handle = await createDatabase({ url: databaseUrl(adminUrl, name), maxConnections: 5 });
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
