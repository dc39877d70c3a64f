import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { type AppPasswordRow, appPasswords } from '../../db/schema/app-passwords';

/** A last use is written at most this often per password: a catalogue sync is many requests. */
const TOUCH_EVERY_MS = 60_000;

/** The only code that queries the app_passwords table. Every read by a user filters by that user's id. */
export const appPasswordsRepository = {
  async insert(
    db: Executor,
    values: { userId: string; name: string; secretHash: string },
  ): Promise<AppPasswordRow> {
    const [row] = await db.insert(appPasswords).values(values).returning();
    return row!;
  },

  /** The user's passwords, oldest first. */
  async listForUser(db: Executor, userId: string): Promise<AppPasswordRow[]> {
    return db
      .select()
      .from(appPasswords)
      .where(eq(appPasswords.userId, userId))
      .orderBy(asc(appPasswords.createdAt), asc(appPasswords.id));
  },

  async countForUser(db: Executor, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(appPasswords).where(eq(appPasswords.userId, userId));
    return Number(row?.n ?? 0);
  },

  async findById(db: Executor, id: string): Promise<AppPasswordRow | undefined> {
    const [row] = await db.select().from(appPasswords).where(eq(appPasswords.id, id));
    return row;
  },

  /** Revokes: the row goes. False when the user has no such password. */
  async deleteForUser(db: Executor, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(appPasswords)
      .where(and(eq(appPasswords.id, id), eq(appPasswords.userId, userId)))
      .returning({ id: appPasswords.id });
    return rows.length > 0;
  },

  /** Records a use, unless one was recorded within the last minute. */
  async touch(db: Executor, id: string, now: Date): Promise<void> {
    const before = new Date(now.getTime() - TOUCH_EVERY_MS);
    await db
      .update(appPasswords)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(appPasswords.id, id),
          or(isNull(appPasswords.lastUsedAt), lt(appPasswords.lastUsedAt, before)),
        ),
      );
  },
};
