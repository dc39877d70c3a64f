import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { translations } from './translations';
import { users } from './users';

/**
 * A translated book sent by e-mail to a reading device (Send to Kindle): one row per send, its state
 * shown on the translation. 'queued' until the job's message is accepted by the mail server
 * ('sent'), or 'failed' with the reason once its retries are spent.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    translationId: uuid('translation_id')
      .notNull()
      .references(() => translations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The device's address, one of the user's saved ones when asked. */
    address: text('address').notNull(),
    /** 'epub' (Kindle takes no FB2). */
    format: text('format').notNull().default('epub'),
    /** 'queued' | 'sent' | 'failed' */
    status: text('status').notNull().default('queued'),
    /** Why it failed, in words. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('deliveries_translation_idx').on(t.translationId, t.createdAt),
    index('deliveries_user_idx').on(t.userId, t.createdAt),
  ],
);

export type DeliveryRow = typeof deliveries.$inferSelect;
