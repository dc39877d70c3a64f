import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Direct-upload grants (POST /upload/presigned-url/). A grant is claimed once, by the POST /books/
 * that takes its file; the sweeper deletes the uploaded object of every expired grant.
 */
export const uploadGrants = pgTable(
  'upload_grants',
  {
    /** The storage key the grant lets the browser write: uploads/<user>/<uuid>. */
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The size the client declared; the grant's policy refuses a larger file. */
    maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    index('upload_grants_user_idx').on(t.userId, t.expiresAt),
    index('upload_grants_expires_idx').on(t.expiresAt),
  ],
);

export type UploadGrantRow = typeof uploadGrants.$inferSelect;
