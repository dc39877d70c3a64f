import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { type DeliveryRow, deliveries } from '../../db/schema/deliveries';

/** Sends of translations to reading devices (the `deliveries` table has no other writer). */
export const deliveriesRepository = {
  async create(
    db: Executor,
    row: { translationId: string; userId: string; address: string },
  ): Promise<DeliveryRow> {
    const [created] = await db.insert(deliveries).values(row).returning();
    if (!created) throw new Error('delivery not created');
    return created;
  },

  async findById(db: Executor, id: string): Promise<DeliveryRow | undefined> {
    const [row] = await db.select().from(deliveries).where(eq(deliveries.id, id));
    return row;
  },

  /** A translation's sends, newest first (at most `limit`). */
  async listForTranslation(db: Executor, translationId: string, limit = 50): Promise<DeliveryRow[]> {
    return db
      .select()
      .from(deliveries)
      .where(eq(deliveries.translationId, translationId))
      .orderBy(desc(deliveries.createdAt))
      .limit(limit);
  },

  /** Sends the user asked for since `since` (the daily limit counts them). */
  async countSince(db: Executor, userId: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(deliveries)
      .where(and(eq(deliveries.userId, userId), gt(deliveries.createdAt, since)));
    return row?.n ?? 0;
  },

  /** One attempt more; the outcome when it is final ('sent', or 'failed' with the reason). */
  async recordAttempt(
    db: Executor,
    id: string,
    outcome: { status: 'queued' | 'sent' | 'failed'; error: string | null },
  ): Promise<void> {
    await db
      .update(deliveries)
      .set({ status: outcome.status, error: outcome.error, attempts: sql`${deliveries.attempts} + 1` })
      .where(eq(deliveries.id, id));
  },
};
