import { type Role, roles } from '../config/core.config';
import type { Config } from '../config/env';

/** What `--help` prints. */
export const SERVER_USAGE = `Usage: npm start [-- <role>]     (node apps/server/dist/main.mjs [role])

Roles:
  serve    the HTTP API, the web app and the translation workers in one process (default)
  api      the HTTP API and the web app only (needs DATABASE_URL)
  worker   translation workers only (needs DATABASE_URL)
  migrate  applies the database migrations, then exits

Operator commands:
  grant-credits --email <address> --plan <FREE|READER|BOOKWORM> --count <n> [--note "<text>"]
           gives an account credits, recorded in the credit ledger (grant-credits --help)

With no settings it serves on http://localhost:3000 with an embedded database and files under
./data. Every setting is an environment variable: see docs/operations.md.`;

/** True when the command line asks for the usage text. */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.slice(2).some((arg) => arg === '--help' || arg === '-h');
}

/**
 * The role named on the command line (`node dist/main.mjs worker`), if any. An unknown word is an
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
