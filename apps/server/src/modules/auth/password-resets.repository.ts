import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { passwordResetTokens } from '../../db/schema/account-security';

type NewResetToken = typeof passwordResetTokens.$inferInsert;

/** The only code that queries password-reset tokens (stored as SHA-256 hashes, decision 125). */
export const passwordResetsRepository = {
  async insert(db: Executor, values: NewResetToken): Promise<void> {
    await db.insert(passwordResetTokens).values(values);
  },

  async findByTokenHash(db: Executor, tokenHash: string) {
    const [row] = await db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  },

  /** Marks the token used; false when another request used it first. */
  async claim(db: Executor, id: string, now: Date): Promise<boolean> {
    const claimed = await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    return claimed.length > 0;
  },

  /** Voids every unused token of the user. */
  async voidAllForUser(db: Executor, userId: string, now: Date): Promise<void> {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  },
};
