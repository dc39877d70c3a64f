import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who already had the sign-up Free credits: an HMAC (server secret) of the normalised address or of
 * the Google subject, nothing else, so a deleted account signing up again is not granted them twice.
 * Kept until expires_at (FREE_CREDIT_CLAIM_DAYS after the grant or the deletion); the purge job
 * removes expired rows. See decision 120.
 */
export const freeCreditClaims = pgTable(
  'free_credit_claims',
  {
    keyHash: text('key_hash').primaryKey(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('free_credit_claims_expires_idx').on(table.expiresAt)],
);

/**
 * Password-reset links, stored as SHA-256 hashes of their token: single use (used_at), one hour,
 * and void once the password they were issued against changes (password_fingerprint). Decision 125.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** SHA-256 of the password hash at issue time ('' for none): a later change voids the link. */
    passwordFingerprint: text('password_fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

/**
 * Links that confirm an address (sign-up's Free credits wait for one), stored as SHA-256 hashes of
 * their token: single use, valid for EMAIL_CONFIRMATION_HOURS, void once the address changes
 * (email, the address the link was sent to).
 */
export const emailConfirmationTokens = pgTable(
  'email_confirmation_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_confirmation_tokens_user_idx').on(table.userId)],
);
