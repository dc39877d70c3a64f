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
