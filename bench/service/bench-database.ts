import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs `fn` with a fresh PostgreSQL database created from `adminUrl`, dropped afterwards. */
export async function withBenchDatabase(adminUrl: string, fn: (url: string) => Promise<void>): Promise<void> {
  const name = `bt_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await fn(url.toString());
  } finally {
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  }
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Grants credits straight into the ledger (what a paid plan would do). */
export async function grantCredits(url: string, userId: string, tier: string, amount: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'INSERT INTO credit_ledger (user_id, tier, amount, reason, source_id) VALUES ($1, $2, $3, $4, $5)',
      [userId, tier, amount, 'bench', `bench:${userId}:${Date.now()}:${Math.random()}`],
    );
  } finally {
    await client.end();
  }
}

/** One SQL query against `url`, for counts the benchmarks print. */
export async function query<T = Record<string, unknown>>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
