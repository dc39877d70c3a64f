import { type Role, roles } from '../config/core.config';
import type { Config } from '../config/env';

/**
 * The role named on the command line (`tsx src/main.ts worker`), if any. An unknown word is an
 * error rather than a silent fallback to `serve`.
 */
export function parseRoleArgument(argv: readonly string[]): Role | undefined {
  const word = argv[2];
  if (word === undefined || word.startsWith('-')) return undefined;
  if ((roles as readonly string[]).includes(word)) return word as Role;
  throw new Error(`Unknown role "${word}": use one of ${roles.join(', ')}`);
}

/** The api and worker roles run beside other processes, which an embedded PGlite cannot serve. */
export function assertRoleSupported(config: Pick<Config, 'role' | 'database'>): void {
  if ((config.role === 'api' || config.role === 'worker') && !config.database.url) {
    throw new Error(
      `The ${config.role} role runs beside other processes and needs DATABASE_URL (PostgreSQL); PGlite serves one process: use the serve role`,
    );
  }
}
