import type { Executor } from '../../db/database';
import type { UserRow } from '../../db/schema/users';
import type { FreeCreditPolicy } from '../credits/free-credit-claims';
import { usersRepository } from '../users/users.repository';
import { confirmAddress } from './confirm-address';
import type { GoogleIdentity } from './google-verifier';
import { sessionsRepository } from './sessions.repository';

/**
 * The account for a verified Google identity: by Google subject first, else by email (linking the
 * two), else a new account. Google vouches for the address, so the account is confirmed at once and
 * gets the sign-up credits unless this address or Google account had them before (decisions 120,
 * 218). Linking to a password account whose email was never verified drops that password and its
 * sessions: whoever registered it may not own the mailbox (pre-account-takeover), and Google just
 * proved who does. See decision 066.
 */
export async function findOrCreateGoogleUser(
  tx: Executor,
  identity: GoogleIdentity,
  now: Date,
  freeCredits: FreeCreditPolicy,
): Promise<UserRow> {
  const bySub = await usersRepository.findByGoogleSub(tx, identity.sub);
  if (bySub) return bySub;

  const byEmail = await usersRepository.findByEmail(tx, identity.email);
  if (byEmail) {
    const untrustedPassword = !byEmail.emailVerified && byEmail.passwordHash !== null;
    if (untrustedPassword) await sessionsRepository.revokeAllForUser(tx, byEmail.id, 'google_link', now);
    const linked = await usersRepository.update(tx, byEmail.id, {
      googleSub: identity.sub,
      ...(untrustedPassword ? { passwordHash: null } : {}),
      picture: byEmail.picture ?? identity.picture ?? null,
      fullName: byEmail.fullName || identity.name || '',
    });
    // Google just proved the mailbox: an unconfirmed sign-up gets its waiting Free credits (decision 218).
    await confirmAddress(tx, freeCredits, linked, now);
    return { ...linked, emailVerified: true };
  }

  const created = await usersRepository.insert(tx, {
    email: identity.email,
    googleSub: identity.sub,
    emailVerified: true,
    firstName: identity.givenName ?? '',
    lastName: identity.familyName ?? '',
    fullName: identity.name ?? '',
    picture: identity.picture ?? null,
  });
  if (!created) throw new Error('concurrent Google sign-up for the same account; the retry will find it');
  await confirmAddress(tx, freeCredits, created, now);
  return created;
}
