import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { fromPglite, PgBoss } from 'pg-boss';
import { migrationsFolder } from './client';

const require = createRequire(import.meta.url);

function packageVersion(name: string): string {
  // The entry point sits in dist/; its package.json is the nearest one above.
  let dir = dirname(require.resolve(name));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
}

/**
 * Names a migrated test template: changes with the migrations and the PGlite and pg-boss versions.
 * Test databases are copied from a template instead of being migrated one by one.
 */
export function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${packageVersion('@electric-sql/pglite')} pg-boss ${packageVersion('pg-boss')}`);
  for (const file of readdirSync(migrationsFolder).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Installs pg-boss's schema, so queue tests start in a fraction of a second. */
export async function installQueueSchema(
  target: { pglite: PGlite } | { connectionString: string },
): Promise<void> {
  const boss =
    'pglite' in target
      ? new PgBoss({ db: fromPglite(target.pglite), backend: 'pglite', supervise: false, schedule: false })
      : new PgBoss({ connectionString: target.connectionString, max: 1, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ close: !('pglite' in target) });
}
