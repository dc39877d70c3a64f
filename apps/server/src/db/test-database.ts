import { testDatabaseUrl } from '../config/env';
import { wrapPglite } from './client';
import type { DatabaseHandle } from './database';
import { openPgliteFromTemplate } from './pglite-test-database';
import { createPostgresTestDatabase } from './postgres-test-database';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The kinds a database test should cover: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated database for one test file (call it in beforeAll, close it in afterAll).
 * Defaults to PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite.
 * PGlite: a migrated template with pg-boss installed, dumped once (cached in the temp directory)
 * and loaded per call.
 * PostgreSQL: a new database per call copied from a template database built the same way,
 * dropped again by close().
 * @example const handle = await createTestDatabase(); afterAll(() => handle.close());
 */
export async function createTestDatabase(kind?: TestDatabaseKind): Promise<DatabaseHandle> {
  const url = testDatabaseUrl();
  const chosen = kind ?? (url ? 'postgres' : 'pglite');
  if (chosen === 'postgres') {
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    return createPostgresTestDatabase(url);
  }
  return wrapPglite(await openPgliteFromTemplate());
}
