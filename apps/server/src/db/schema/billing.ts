import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A paid plan bought through PayPal. The row mirrors what PayPal last told us (re-read on every
 * activation and webhook), so the order in which events arrive does not matter.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().default('paypal'),
    /** PayPal's id (I-XXXXXXXXXXXX); unique, so one PayPal subscription belongs to one account. */
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    /** 'reader' | 'bookworm' */
    plan: text('plan').notNull(),
    /** 'month' | 'year' */
    billingPeriod: text('billing_period').notNull(),
    providerPlanId: text('provider_plan_id').notNull(),
    /** PayPal's status: ACTIVE, SUSPENDED, CANCELLED, EXPIRED, APPROVAL_PENDING, APPROVED. */
    status: text('status').notNull(),
    priceCents: integer('price_cents').notNull(),
    lastPaymentCents: integer('last_payment_cents').notNull().default(0),
    lastPaymentAt: timestamp('last_payment_at', { withTimezone: true }),
    nextBillingAt: timestamp('next_billing_at', { withTimezone: true }),
    /** Paid cycles PayPal reports; each one grants the plan's credits once. */
    cyclesCompleted: integer('cycles_completed').notNull().default(0),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    /** When access ends after a cancellation at period end. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Billing history: payments, failed payments and refunds. source_id makes each one unique. */
export const billingTransactions = pgTable(
  'billing_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    /** 'payment' | 'refund' | 'failed_payment' */
    type: text('type').notNull(),
    /** 'SUCCESS' | 'FAILED' | 'PENDING' | 'REFUNDED' */
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    description: text('description').notNull(),
    /** e.g. `paypal:I-XXX:cycle:3`, `refund:<subscription id>:<cycle>`. */
    sourceId: text('source_id').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_transactions_user_idx').on(t.userId, t.createdAt)],
);

export type BillingTransactionRow = typeof billingTransactions.$inferSelect;

/**
 * Every PayPal webhook event we accepted, by PayPal's event id: a repeated delivery finds its row and
 * is acknowledged without being processed again. Holds no personal data beyond ids.
 */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull().default('paypal'),
  eventType: text('event_type').notNull(),
  resourceId: text('resource_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  outcome: text('outcome'),
  summary: jsonb('summary'),
});
