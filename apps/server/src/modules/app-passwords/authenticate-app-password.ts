import type { Database } from '../../db/database';
import type { Clock } from '../../deps';
import { usersRepository } from '../users/users.repository';
import { hashSecret, normalizeSecret, parseAppPasswordToken, sameHash } from './app-password-secret';
import { appPasswordsRepository as repo } from './app-passwords.repository';

/** Who a reading app is: the user and the password it signed in with. */
export interface AppPasswordUser {
  userId: string;
  appPasswordId: string;
}

// Compared against when nothing else is, so every miss does the same work.
const NO_HASH = '0'.repeat(64);

/**
 * HTTP Basic sign-in of a reading app: the account's e-mail and one of its app passwords. Null for
 * an unknown address, a wrong or revoked password and an account being deleted alike; each of the
 * user's hashes is compared in constant time, all of them every time. Records the use.
 */
export async function authenticateBasic(
  deps: { db: Database; clock: Clock },
  email: string,
  typed: string,
): Promise<AppPasswordUser | null> {
  const given = hashSecret(normalizeSecret(typed) ?? '');
  const user = await usersRepository.findByEmail(deps.db, email.trim().toLowerCase());
  const rows = user ? await repo.listForUser(deps.db, user.id) : [];
  const candidates = rows.map((row) => ({ id: row.id, secretHash: row.secretHash }));
  if (candidates.length === 0) candidates.push({ id: '', secretHash: NO_HASH });
  let match: string | null = null;
  for (const row of candidates) if (sameHash(row.secretHash, given) && row.id) match = row.id;
  if (!user || !match || normalizeSecret(typed) === null) return null;
  return confirmed(deps, user.id, match);
}

/** The path-token form (`/opds/t/{id}.{secret}/`): the same rules, found by the password's id. */
export async function authenticateToken(
  deps: { db: Database; clock: Clock },
  token: string,
): Promise<AppPasswordUser | null> {
  const parsed = parseAppPasswordToken(token);
  const row = parsed ? await repo.findById(deps.db, parsed.id) : undefined;
  const matches = sameHash(row?.secretHash ?? NO_HASH, hashSecret(parsed?.secret ?? ''));
  if (!row || !matches) return null;
  return confirmed(deps, row.userId, row.id);
}

async function confirmed(
  deps: { db: Database; clock: Clock },
  userId: string,
  appPasswordId: string,
): Promise<AppPasswordUser | null> {
  // An account whose deletion was asked for reads nothing more, as its sessions ended.
  if (!(await usersRepository.liveUserId(deps.db, userId))) return null;
  await repo.touch(deps.db, appPasswordId, deps.clock.now());
  return { userId, appPasswordId };
}
