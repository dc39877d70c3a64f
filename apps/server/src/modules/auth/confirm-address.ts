import type { Executor } from '../../db/database';
import type { UserRow } from '../../db/schema/users';
import { type FreeCreditPolicy, grantSignupCreditsOnce } from '../credits/free-credit-claims';
import { usersRepository } from '../users/users.repository';
import { emailConfirmationsRepository } from './email-confirmations.repository';

/**
 * The mailbox is proven (a confirmation link, a password-reset link, Google): the address is marked
 * confirmed, its other confirmation links are void, and the sign-up Free credits are granted unless
 * this address or Google account had them before (decisions 120 and 218). Inside the transaction
 * that holds the user's row. Returns whether credits were granted.
 */
export async function confirmAddress(
  tx: Executor,
  freeCredits: FreeCreditPolicy,
  user: UserRow,
  now: Date,
): Promise<boolean> {
  if (!user.emailVerified) await usersRepository.update(tx, user.id, { emailVerified: true });
  await emailConfirmationsRepository.voidAllForUser(tx, user.id, now);
  return grantSignupCreditsOnce(
    tx,
    freeCredits,
    user.id,
    { email: user.email, googleSub: user.googleSub },
    now,
  );
}
