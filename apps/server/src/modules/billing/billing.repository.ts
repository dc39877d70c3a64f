import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  type BillingTransactionRow,
  billingTransactions,
  type SubscriptionRow,
  subscriptions,
  webhookEvents,
} from '../../db/schema/billing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type NewSubscription = typeof subscriptions.$inferInsert;
export type NewTransaction = typeof billingTransactions.$inferInsert;

/** The only code that queries subscriptions, billing transactions and webhook events. */
export const billingRepository = {
  async findByProviderId(db: Executor, providerId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, providerId))
      .limit(1);
    return row;
  },

  /** The user's subscription by our uuid or PayPal's id; someone else's is not found. */
  async findOwned(db: Executor, userId: string, id: string): Promise<SubscriptionRow | undefined> {
    const match = UUID.test(id)
      ? or(eq(subscriptions.id, id), eq(subscriptions.providerSubscriptionId, id))
      : eq(subscriptions.providerSubscriptionId, id);
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), match))
      .limit(1);
    return row;
  },

  listForUser(db: Executor, userId: string): Promise<SubscriptionRow[]> {
    return db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  },

  async insert(db: Executor, values: NewSubscription): Promise<SubscriptionRow> {
    const [row] = await db.insert(subscriptions).values(values).returning();
    if (!row) throw new Error('subscription insert returned nothing');
    return row;
  },

  async update(db: Executor, id: string, values: Partial<NewSubscription>): Promise<SubscriptionRow> {
    const [row] = await db.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning();
    if (!row) throw new Error(`subscription ${id} vanished`);
    return row;
  },

  /** Adds a transaction; false when one with this source id exists. */
  async recordTransaction(db: Executor, values: NewTransaction): Promise<boolean> {
    const rows = await db
      .insert(billingTransactions)
      .values(values)
      .onConflictDoNothing({ target: billingTransactions.sourceId })
      .returning({ id: billingTransactions.id });
    return rows.length > 0;
  },

  async findTransaction(db: Executor, sourceId: string): Promise<BillingTransactionRow | undefined> {
    const [row] = await db
      .select()
      .from(billingTransactions)
      .where(eq(billingTransactions.sourceId, sourceId))
      .limit(1);
    return row;
  },

  transactionsForUser(db: Executor, userId: string): Promise<BillingTransactionRow[]> {
    return db
      .select()
      .from(billingTransactions)
      .where(eq(billingTransactions.userId, userId))
      .orderBy(desc(billingTransactions.createdAt), desc(billingTransactions.id));
  },

  async eventProcessed(db: Executor, eventId: string): Promise<boolean> {
    const rows = await db
      .select({ id: webhookEvents.eventId })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.eventId, eventId), isNotNull(webhookEvents.processedAt)))
      .limit(1);
    return rows.length > 0;
  },

  /**
   * Claims an event id inside the processing transaction. A concurrent delivery of the same event
   * waits on the unique key and then finds it taken: false means "already handled".
   */
  async claimEvent(
    db: Executor,
    event: { eventId: string; eventType: string; resourceId: string | null; outcome: string },
  ): Promise<boolean> {
    const rows = await db
      .insert(webhookEvents)
      .values({ ...event, processedAt: sql`now()` })
      .onConflictDoNothing({ target: webhookEvents.eventId })
      .returning({ id: webhookEvents.eventId });
    return rows.length > 0;
  },
};
