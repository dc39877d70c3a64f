import type { Executor } from '../../db/database';
import { AppError } from '../../errors';
import { clearUserKeys } from '../../plugins/pg-rate-limit-store';
import { clearAccountLimits } from '../auth/login-throttle';
import { sessionsRepository } from '../auth/sessions.repository';
import { billingRepository } from '../billing/billing.repository';
import type { BillingDeps } from '../billing/billing-deps';
import { sendMailSafely } from '../billing/billing-deps';
import { endSubscription } from '../billing/end-subscription';
import { freeCreditPolicy, keepClaimsAfterDeletion } from '../credits/free-credit-claims';
import { accountDeletedMail } from '../mail/mail-templates';
import { supportRepository } from '../support/support.repository';
import { usersRepository } from '../users/users.repository';

const DAY_MS = 86_400_000;

/**
 * DELETE /users/profile/. In order: cancel live subscriptions at PayPal (a failure stops here, so
 * nobody is billed for a deleted account), then in one transaction mark the account for the purge
 * job, sign it out everywhere and strip its sign-in identities (the email becomes free, nobody can
 * sign in), then e-mail the owner. Rows and files go when the purge job runs (decision 092).
 */
export async function deleteAccount(deps: BillingDeps, userId: string) {
  const user = await usersRepository.findById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  for (const row of await billingRepository.listForUser(deps.db, userId)) {
    if (['ACTIVE', 'SUSPENDED', 'APPROVED', 'APPROVAL_PENDING'].includes(row.status)) {
      await endSubscription(deps, row, { immediately: true, reason: 'Account deleted', notify: false });
    }
  }
  const now = deps.clock.now();
  const purgeAfter = new Date(now.getTime() + deps.config.accounts.purgeAfterDays * DAY_MS);
  await deps.db.transaction(async (tx) => {
    await usersRepository.lock(tx, userId);
    await usersRepository.recordDeletion(tx, { userId, requestedAt: now, purgeAfter, email: user.email });
    await sessionsRepository.revokeAllForUser(tx, userId, 'account deleted', now);
    await usersRepository.stripIdentities(tx, userId);
    // What carries the address outside the account's own rows: support mail and sign-in counters.
    await eraseTracesOf(tx, userId, user.email);
    // The Free credits are not granted again to this address or Google account (decision 120).
    const policy = freeCreditPolicy(deps.config.sessionSecret, deps.config.security.freeCreditClaimDays);
    await keepClaimsAfterDeletion(tx, policy, { email: user.email, googleSub: user.googleSub }, now);
  });
  deps.log.info({ userId, purgeAfter }, 'account deletion requested');
  await sendMailSafely(deps, accountDeletedMail({ to: user.email, purgeAfter }));
  return purgeAfter;
}

/**
 * What carries the address or the id outside the account's own rows: support messages, sign-in
 * counters and the counters kept by user id (confirmation e-mails, quotes, downloads).
 */
export async function eraseTracesOf(db: Executor, userId: string, email: string): Promise<void> {
  await supportRepository.deleteFrom(db, userId, email);
  await clearAccountLimits(db, email);
  await clearUserKeys(db, userId);
}
