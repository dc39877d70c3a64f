import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The credit ledger: one row per grant (+) or use (-). Balances are sums per tier, never stored.
 * source_id is unique, so repeating a grant or a use (a retried job, a replayed webhook) is a no-op.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'FREE' | 'READER' | 'BOOKWORM' */
    tier: text('tier').notNull(),
    amount: integer('amount').notNull(),
    /** 'signup' | 'subscription' | 'translation' | 'refund' | 'expiry' | ... */
    reason: text('reason').notNull(),
    /** Idempotency key, e.g. `signup:<userId>`, `translation:<id>`, `paypal:<event id>`. */
    sourceId: text('source_id').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_ledger_user_idx').on(table.userId),
    check('credit_ledger_tier_check', sql`${table.tier} in ('FREE', 'READER', 'BOOKWORM')`),
    check('credit_ledger_amount_check', sql`${table.amount} <> 0`),
  ],
);

export type CreditLedgerRow = typeof creditLedger.$inferSelect;
