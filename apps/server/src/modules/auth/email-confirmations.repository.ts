import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { emailConfirmationTokens } from '../../db/schema/account-security';

type NewConfirmationToken = typeof emailConfirmationTokens.$inferInsert;

/** The only code that queries address-confirmation tokens (stored as SHA-256 hashes, decision 218). */
export const emailConfirmationsRepository = {
  async insert(db: Executor, values: NewConfirmationToken): Promise<void> {
    await db.insert(emailConfirmationTokens).values(values);
  },

  async findByTokenHash(db: Executor, tokenHash: string) {
    const [row] = await db
      .select()
      .from(emailConfirmationTokens)
      .where(eq(emailConfirmationTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  },

  /** Marks the token used; false when another request used it first. */
  async claim(db: Executor, id: string, now: Date): Promise<boolean> {
    const claimed = await db
      .update(emailConfirmationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailConfirmationTokens.id, id), isNull(emailConfirmationTokens.usedAt)))
      .returning({ id: emailConfirmationTokens.id });
    return claimed.length > 0;
  },

  /** Voids every unused token of the user: the address they were sent to is confirmed now. */
  async voidAllForUser(db: Executor, userId: string, now: Date): Promise<void> {
    await db
      .update(emailConfirmationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailConfirmationTokens.userId, userId), isNull(emailConfirmationTokens.usedAt)));
  },
};
