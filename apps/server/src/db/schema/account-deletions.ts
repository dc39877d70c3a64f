import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Accounts whose owner asked for deletion. The purge job removes the user (every row cascades) and
 * its stored files once purge_after has passed; this row goes with it.
 */
export const accountDeletions = pgTable('account_deletions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  purgeAfter: timestamp('purge_after', { withTimezone: true }).notNull(),
  /**
   * The address the account had: the users row no longer carries it, and the purge erases what
   * holds it outside the account's rows (support messages, sign-in counters). Goes with the purge.
   */
  email: text('email'),
});
