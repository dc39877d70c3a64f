import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A sign-in: one family of refresh tokens that replace each other. Revoking the family (logout,
 * reuse of an old token) ends every access token issued for it, because requireUser checks it.
 */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session, however often it is refreshed. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'logout' | 'reuse' | 'password_dropped' ... */
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('session_families_user_idx').on(table.userId)],
);

/** Refresh tokens, stored as SHA-256 hashes; a token is good once (used_at marks its rotation). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId)],
);

export type SessionFamilyRow = typeof sessionFamilies.$inferSelect;
