import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database';
import type { Clock } from '../../deps';
import { AppError } from '../../errors';
import { countHit } from '../../plugins/pg-rate-limit-store';
import { freeCreditsPending, SIGNUP_FREE_CREDITS } from '../credits/credits.service';
import type { FreeCreditPolicy } from '../credits/free-credit-claims';
import { emailConfirmationMail } from '../mail/mail-templates';
import type { Mailer } from '../mail/mailer';
import { usersRepository } from '../users/users.repository';
import { confirmAddress } from './confirm-address';
import { emailConfirmationsRepository } from './email-confirmations.repository';

/** Confirmation e-mails per account per hour, the one sent at sign-up included; past it 429. */
export const CONFIRMATION_MAILS_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

type Refusal = 'invalid' | 'used' | 'expired' | 'address_changed';

const REFUSALS: Record<Refusal, string> = {
  invalid: 'This confirmation link is not valid. Ask for a new one from your library.',
  used: 'This confirmation link was already used.',
  expired: 'This confirmation link has expired. Ask for a new one from your library.',
  address_changed: 'This link was sent to an address your account no longer uses.',
};

const refused = (reason: Refusal) =>
  new AppError('VALIDATION_ERROR', REFUSALS[reason], {
    reason,
    issues: [{ path: 'body.token', message: reason.replace('_', ' ') }],
  });

const tooMany = (retryAfterMs: number) =>
  new AppError('RATE_LIMITED', 'Too many confirmation e-mails. Please try again later.', {
    retry_after_s: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const mailBudgetKey = (userId: string) => `confirm-mail:account:${userId}`;

/** What a confirmation says: the address, and the credits it added. */
export function confirmedMessage(creditsGranted: number): string {
  return creditsGranted > 0
    ? `Your address is confirmed; ${creditsGranted} free credits were added.`
    : 'Your address is confirmed. It had its free credits before, so none were added this time.';
}

export interface EmailConfirmationDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  validHours: number;
  freeCredits: FreeCreditPolicy;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Address confirmation by e-mailed link (decision 218): the sign-up Free credits wait for it. The
 * token is 256 random bits, only its SHA-256 is stored with the address it went to; a link works
 * once, for EMAIL_CONFIRMATION_HOURS, and only while the account keeps that address. A new link
 * leaves the older ones valid (the first to arrive may be the one clicked); using any voids the rest.
 */
export function createEmailConfirmation(deps: EmailConfirmationDeps) {
  const { db, clock } = deps;

  async function issue(user: { id: string; email: string; emailVerified: boolean }): Promise<void> {
    const now = clock.now();
    const token = randomBytes(32).toString('base64url');
    await emailConfirmationsRepository.insert(db, {
      userId: user.id,
      tokenHash: sha256(token),
      email: user.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + deps.validHours * HOUR_MS),
    });
    const mail = emailConfirmationMail({
      to: user.email,
      link: `${deps.publicUrl}/confirm-email?token=${token}`,
      validHours: deps.validHours,
      freeCredits: await freeCreditsPending(db, user),
    });
    // Sent after the answer: a slow mail server must not hold up sign-up.
    void deps.mailer.send(mail).catch((error: unknown) => {
      deps.log.warn({ err: error, subject: mail.subject }, 'e-mail not sent');
    });
  }

  return {
    /** Right after sign-up with a password: the first link, counted in the hourly budget. */
    async sendFirst(user: { id: string; email: string }): Promise<void> {
      await countHit(db, mailBudgetKey(user.id), HOUR_MS);
      await issue({ ...user, emailVerified: false });
    },

    /** A fresh link for the signed-in user: 409 once confirmed, 429 past the hourly budget. */
    async resend(userId: string): Promise<string> {
      const user = await usersRepository.findById(db, userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
      if (user.emailVerified) throw new AppError('CONFLICT', 'Your e-mail address is already confirmed.');
      const sent = await countHit(db, mailBudgetKey(user.id), HOUR_MS);
      if (sent.current > CONFIRMATION_MAILS_PER_HOUR) throw tooMany(sent.ttl);
      await issue(user);
      return `We sent a new link to ${user.email}. It works for ${deps.validHours} hours.`;
    },

    /** Uses a link: confirms the address and returns the Free credits it added (0 or the sign-up grant). */
    async confirm(token: string): Promise<number> {
      const now = clock.now();
      const row = await emailConfirmationsRepository.findByTokenHash(db, sha256(token));
      if (!row) throw refused('invalid');
      if (row.usedAt) throw refused('used');
      if (row.expiresAt <= now) throw refused('expired');
      const outcome = await db.transaction(async (tx): Promise<Refusal | boolean> => {
        await usersRepository.lock(tx, row.userId);
        const user = await usersRepository.findById(tx, row.userId);
        // A changed address (or a deleted account, whose address was stripped) voids the link.
        if (!user || user.email !== row.email) return 'address_changed';
        if (!(await emailConfirmationsRepository.claim(tx, row.id, now))) return 'used';
        return confirmAddress(tx, deps.freeCredits, user, now);
      });
      if (typeof outcome === 'string') throw refused(outcome);
      return outcome ? SIGNUP_FREE_CREDITS : 0;
    },
  };
}
