import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Passwords for reading apps (OPDS catalogues): each can only read its user's own catalogue and
 * download that user's finished translations. The password is shown once and kept as a SHA-256 of
 * its random secret (high entropy: no slow hash needed); a revoked one is deleted.
 */
export const appPasswords = pgTable(
  'app_passwords',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's own name for it ("Kobo in the kitchen"). */
    name: text('name').notNull(),
    /** Hex SHA-256 of the secret. */
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('app_passwords_user_idx').on(t.userId)],
);

export type AppPasswordRow = typeof appPasswords.$inferSelect;
