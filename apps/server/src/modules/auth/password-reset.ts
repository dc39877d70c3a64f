import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import type { Clock } from '../../deps';
import { AppError } from '../../errors';
import { countHit } from '../../plugins/pg-rate-limit-store';
import type { FreeCreditPolicy } from '../credits/free-credit-claims';
import { passwordChangedMail, passwordResetMail } from '../mail/mail-templates';
import type { Mailer } from '../mail/mailer';
import { usersRepository } from '../users/users.repository';
import { confirmAddress } from './confirm-address';
import { clearAccountLimits } from './login-throttle';
import { hashPassword } from './password';
import { passwordResetsRepository } from './password-resets.repository';
import { sessionsRepository } from './sessions.repository';

export const RESET_LINK_VALID_MINUTES = 60;
/** Reset e-mails per account per hour; past it the request is answered the same and nothing is sent. */
const MAILS_PER_ACCOUNT_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this address, we have sent it a link to choose a new password. The link works for one hour.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password was changed. Please sign in with the new password.';

const invalidLink = () =>
  new AppError('VALIDATION_ERROR', 'This reset link is invalid or has expired.', {
    issues: [{ path: 'body.token', message: 'invalid or expired' }],
  });

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** What a link is bound to: any later change of the password hash voids it. */
const fingerprint = (passwordHash: string | null) => sha256(`password:${passwordHash ?? ''}`);

export interface PasswordResetDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  freeCredits: FreeCreditPolicy;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Password reset by e-mailed link (decision 125): the token is 256 random bits, only its SHA-256 is
 * stored; a link works once, for an hour, and only while the password is the one it was issued for.
 * Using it sets the password, voids every other link, ends every session and clears sign-in delays.
 */
export function createPasswordReset(deps: PasswordResetDeps) {
  const { db, clock } = deps;
  // Sent after the answer: an unknown address must not answer faster than a known one.
  const sendLater = (mail: Parameters<Mailer['send']>[0]) => {
    void deps.mailer.send(mail).catch((error: unknown) => {
      deps.log.warn({ err: error, subject: mail.subject }, 'e-mail not sent');
    });
  };

  return {
    async request(email: string): Promise<void> {
      const now = clock.now();
      const user = await usersRepository.findByEmail(db, email);
      const sent = await countHit(db, `reset:account:${email}`, HOUR_MS);
      if (!user || sent.current > MAILS_PER_ACCOUNT_PER_HOUR) return;
      const token = randomBytes(32).toString('base64url');
      await passwordResetsRepository.insert(db, {
        userId: user.id,
        tokenHash: sha256(token),
        passwordFingerprint: fingerprint(user.passwordHash),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_LINK_VALID_MINUTES * 60_000),
      });
      // In the fragment: browsers never send it to any server, nor in a Referer.
      const link = `${deps.publicUrl}/reset-password#token=${token}`;
      sendLater(passwordResetMail({ to: user.email, link, validMinutes: RESET_LINK_VALID_MINUTES }));
    },

    async confirm(token: string, password: string): Promise<void> {
      const now = clock.now();
      const row = await passwordResetsRepository.findByTokenHash(db, sha256(token));
      if (!row || row.usedAt || row.expiresAt <= now) throw invalidLink();
      const passwordHash = await hashPassword(password);
      const email = await db.transaction(async (tx) => {
        await usersRepository.lock(tx, row.userId);
        const user = await usersRepository.findById(tx, row.userId);
        if (!user || fingerprint(user.passwordHash) !== row.passwordFingerprint) return null;
        if (!(await passwordResetsRepository.claim(tx, row.id, now))) return null;
        // Every other link of the account dies with the old password.
        await passwordResetsRepository.voidAllForUser(tx, user.id, now);
        // The link proved the mailbox, as Google sign-in or a confirmation link would (decision 218).
        await usersRepository.update(tx, user.id, { passwordHash });
        await confirmAddress(tx, deps.freeCredits, user, now);
        await sessionsRepository.revokeAllForUser(tx, user.id, 'password_reset', now);
        await clearAccountLimits(tx, user.email);
        return user.email;
      });
      if (!email) throw invalidLink();
      sendLater(passwordChangedMail({ to: email, publicUrl: deps.publicUrl }));
    },
  };
}
