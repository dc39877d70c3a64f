import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDatabase } from './client';
import type { DatabaseHandle } from './database';
import { createTestDatabase, testDatabaseKinds } from './test-database';

describe.each(testDatabaseKinds())('database on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(() => handle?.close());

  it('applies every committed migration', async () => {
    const rows = await handle.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    const [first] = (rows as unknown as { rows: { count: number }[] }).rows;
    expect(first?.count).toBeGreaterThan(0);
    await checkDatabase(handle.db);
  });

  it('migrating again is a no-op', async () => {
    await handle.migrate();
    await checkDatabase(handle.db);
  });

  // PGlite is one in-process connection: there is no pool to be busy. Only PostgreSQL has the case.
  if (kind === 'pglite') console.info('pool-busy health check: PostgreSQL only (PGlite has no pool)');
  it.runIf(kind === 'postgres')(
    'answers the health check while every pooled connection is busy',
    async () => {
      // Hold every connection of the pool (5 in tests) in an open transaction until the check is done.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holders = Array.from({ length: 5 }, () =>
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await held;
        }),
      );
      // A queued query behind them: what a request arriving during the burst would wait for.
      const queued = handle.db.execute(sql`select 1`);
      try {
        const answer = await Promise.race([
          handle.check().then(() => 'answered'),
          new Promise((resolve) => setTimeout(() => resolve('waited behind the pool'), 3000)),
        ]);
        expect(answer).toBe('answered');
      } finally {
        release();
        await Promise.all([...holders, queued]);
      }
      await handle.check();
    },
  );

  it('gives each caller its own database', async () => {
    const other = await createTestDatabase(kind);
    try {
      await handle.db.execute(sql`create table only_here (id int)`);
      await expect(other.db.execute(sql`select * from only_here`)).rejects.toThrow();
    } finally {
      await other.close();
    }
  });
});
