import { eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { supportMessages } from '../../db/schema/support';

/** The only code that queries support messages. */
export const supportRepository = {
  /** Stores a message; returns its id. */
  async insert(
    db: Executor,
    values: Omit<typeof supportMessages.$inferInsert, 'id' | 'mailStatus' | 'createdAt'>,
  ): Promise<string> {
    const [row] = await db.insert(supportMessages).values(values).returning({ id: supportMessages.id });
    if (!row) throw new Error('support message insert returned nothing');
    return row.id;
  },

  async setMailStatus(db: Executor, id: string, status: string): Promise<void> {
    await db.update(supportMessages).set({ mailStatus: status }).where(eq(supportMessages.id, id));
  },

  /** Erases what a person wrote: by their account or from their address. */
  async deleteFrom(db: Executor, userId: string, email: string): Promise<void> {
    await db
      .delete(supportMessages)
      .where(or(eq(supportMessages.email, email), eq(supportMessages.userId, userId)));
  },
};
