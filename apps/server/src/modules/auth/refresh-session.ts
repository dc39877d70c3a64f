import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { usersRepository } from '../users/users.repository';
import { type IssuedSession, issueSession } from './issue-session';
import { hashRefreshToken } from './refresh-token';
import { sessionsRepository } from './sessions.repository';

const expired = () => new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');

/**
 * Rotates a refresh token: the presented token is marked used and a new one joins the same family.
 * Presenting a token that was already used means it leaked (or raced): the whole family is revoked,
 * so both the thief and the victim must sign in again (OAuth 2.0 security BCP, refresh rotation).
 */
export async function refreshSession(
  db: Database,
  key: Uint8Array,
  token: string | undefined,
  now: Date,
): Promise<IssuedSession> {
  if (!token) throw expired();
  const found = await sessionsRepository.findToken(db, hashRefreshToken(token));
  if (!found) throw expired();
  const { token: row, family } = found;
  if (family.revokedAt || family.expiresAt <= now || row.expiresAt <= now) throw expired();

  const outcome = await db.transaction(async (tx) => {
    if (!(await sessionsRepository.markUsed(tx, row.id, now))) return 'reused' as const;
    const user = await usersRepository.findById(tx, family.userId);
    if (!user) return 'gone' as const;
    return issueSession(tx, key, user, now, { id: family.id, expiresAt: family.expiresAt });
  });
  if (outcome === 'reused') {
    // Written outside the rotation transaction so the revocation stays even though we answer 401.
    await sessionsRepository.revokeFamily(db, family.id, 'reuse', now);
    throw expired();
  }
  if (outcome === 'gone') throw expired();
  return outcome;
}
