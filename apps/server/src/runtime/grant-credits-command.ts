import { parseArgs } from 'node:util';
import type { Logger } from 'pino';
import type { Config } from '../config/env';
import { createDatabase } from '../db/client';
import { GrantRefused, grantCredits, type OperatorGrant } from '../modules/credits/grant-credits';

/** The subcommand's word: `node dist/main.mjs grant-credits --email … --plan … --count …`. */
export const GRANT_CREDITS = 'grant-credits';

export const GRANT_CREDITS_USAGE = `Usage: npm run grant-credits -- --email <address> --plan <FREE|READER|BOOKWORM> --count <1-100> [--note "<text>"]
       (node apps/server/dist/main.mjs grant-credits …)

Gives the account with that e-mail address <count> credits of the plan's tier, recorded in the
credit ledger as an operator grant. Uses the same settings as the server (DATABASE_URL or DATA_DIR);
with the embedded database, stop the server first.`;

/** A refused command line: what `main` prints before the usage, exiting 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * The grant the command line asks for (`argv` after the subcommand). Every option but --note is
 * required; --count must be a whole number. Plan and bounds are checked again by `grantCredits`.
 *
 * @example parseGrantCreditsArgs(['--email', 'a@b.c', '--plan', 'READER', '--count', '3'])
 */
export function parseGrantCreditsArgs(args: readonly string[]): OperatorGrant {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        email: { type: 'string' },
        plan: { type: 'string' },
        count: { type: 'string' },
        note: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const missing = (['email', 'plan', 'count'] as const).filter((name) => !values[name]?.trim());
  if (missing.length > 0) throw new UsageError(`Missing ${missing.map((name) => `--${name}`).join(', ')}`);
  const email = values.email?.trim() ?? '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`--email: "${email}" is not an e-mail address`);
  const countText = values.count?.trim() ?? '';
  if (!/^\d+$/.test(countText)) throw new UsageError(`--count: "${countText}" is not a whole number`);
  return { email, plan: values.plan ?? '', count: Number(countText), note: values.note };
}

/**
 * Runs the subcommand: opens the configured database (migrated first, as the server does), grants,
 * prints the new balances. Resolves to the process's exit code: 0 granted, 1 refused, 2 bad usage.
 */
export async function runGrantCredits(
  config: Config,
  args: readonly string[],
  out: Pick<Console, 'log' | 'error'>,
  logger?: Logger,
): Promise<number> {
  let grant: OperatorGrant;
  try {
    grant = parseGrantCreditsArgs(args);
  } catch (error) {
    out.error(`${(error as Error).message}\n\n${GRANT_CREDITS_USAGE}`);
    return 2;
  }
  const handle = await createDatabase(config.database);
  try {
    await handle.migrate();
    const granted = await grantCredits(handle.db, grant);
    const { FREE, READER, BOOKWORM } = granted.balances;
    logger?.info({ userId: granted.userId, tier: granted.tier, count: grant.count }, 'operator grant');
    out.log(
      `Granted ${grant.count} ${granted.tier} credit${grant.count === 1 ? '' : 's'} to ${granted.email}. ` +
        `Balances now: FREE ${FREE}, READER ${READER}, BOOKWORM ${BOOKWORM}.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof GrantRefused) {
      out.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}
