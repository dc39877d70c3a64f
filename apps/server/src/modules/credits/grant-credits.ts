import { randomUUID } from 'node:crypto';
import { type CreditBalances, type CreditTier, creditTiers } from '@booktranslate/contract';
import type { Database } from '../../db/database';
import { usersRepository } from '../users/users.repository';
import { creditsRepository } from './credits.repository';

/** The most credits one operator grant may give: a typo of 3000 for 3 should not go through. */
export const MAX_OPERATOR_GRANT = 100;
/** The operator's note is kept in the entry's source id, which is never shown to the user. */
export const MAX_GRANT_NOTE = 200;

export interface OperatorGrant {
  email: string;
  /** FREE, READER or BOOKWORM (any case). */
  plan: string;
  count: number;
  note?: string | undefined;
}

/** Why a grant was refused, in a sentence the operator can act on. */
export class GrantRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GrantRefused';
  }
}

/**
 * Gives a user `count` credits of a plan's tier, found by e-mail: one ledger entry with the reason
 * `operator` (decision 236), written under the ledger's lock like every other grant, so balances,
 * spends and the credit analytics see it at once. Refuses an unknown address, an account being
 * deleted, an unknown plan and a count outside 1..MAX_OPERATOR_GRANT.
 *
 * @example await grantCredits(db, { email: 'ana@example.com', plan: 'READER', count: 3, note: 'press copy' })
 */
export async function grantCredits(
  db: Database,
  grant: OperatorGrant,
): Promise<{ userId: string; email: string; tier: CreditTier; balances: CreditBalances }> {
  const tier = grant.plan.trim().toUpperCase() as CreditTier;
  if (!creditTiers.includes(tier)) {
    throw new GrantRefused(`Unknown plan "${grant.plan}": use one of ${creditTiers.join(', ')}`);
  }
  if (!Number.isInteger(grant.count) || grant.count < 1 || grant.count > MAX_OPERATOR_GRANT) {
    throw new GrantRefused(`The count must be a whole number from 1 to ${MAX_OPERATOR_GRANT}`);
  }
  const note = grant.note?.trim() ?? '';
  if (note.length > MAX_GRANT_NOTE) {
    throw new GrantRefused(`The note may have at most ${MAX_GRANT_NOTE} characters`);
  }
  // Addresses are stored trimmed and lowercased (sign-up, Google), so the lookup is too.
  const email = grant.email.trim().toLowerCase();
  const user = await usersRepository.findByEmail(db, email);
  if (!user) throw new GrantRefused(`No account has the e-mail address ${email}`);
  if (!(await usersRepository.liveUserId(db, user.id))) {
    throw new GrantRefused(`The account of ${email} is being deleted; no credits were granted`);
  }
  return db.transaction(async (tx) => {
    if (!(await creditsRepository.lockLedger(tx, user.id))) {
      throw new GrantRefused(`No account has the e-mail address ${email}`);
    }
    await creditsRepository.record(tx, {
      userId: user.id,
      tier,
      amount: grant.count,
      reason: 'operator',
      sourceId: `operator:${randomUUID()}${note ? `:${note}` : ''}`,
    });
    return { userId: user.id, email, tier, balances: await creditsRepository.balances(tx, user.id) };
  });
}
