import { and, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { type UploadGrantRow, uploadGrants } from '../../db/schema/upload-grants';

/** The only code that queries upload_grants. */
export const uploadGrantsRepository = {
  /** Grants of a user still open at `now`: how many, and the bytes they allow. */
  async pending(db: Executor, userId: string, now: Date): Promise<{ count: number; bytes: number }> {
    const [row] = await db
      .select({ n: count(), bytes: sql<string>`coalesce(sum(${uploadGrants.maxBytes}), 0)` })
      .from(uploadGrants)
      .where(
        and(eq(uploadGrants.userId, userId), isNull(uploadGrants.claimedAt), gt(uploadGrants.expiresAt, now)),
      );
    return { count: Number(row?.n ?? 0), bytes: Number(row?.bytes ?? 0) };
  },

  async insert(db: Executor, row: Pick<UploadGrantRow, 'key' | 'userId' | 'maxBytes' | 'expiresAt'>) {
    await db.insert(uploadGrants).values(row);
  },

  async find(db: Executor, userId: string, key: string): Promise<UploadGrantRow | undefined> {
    const [row] = await db
      .select()
      .from(uploadGrants)
      .where(and(eq(uploadGrants.key, key), eq(uploadGrants.userId, userId)));
    return row;
  },

  /** Spends an open grant; false when it is unknown, someone else's, expired or already spent. */
  async claim(db: Executor, userId: string, key: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(uploadGrants)
      .set({ claimedAt: now })
      .where(
        and(
          eq(uploadGrants.key, key),
          eq(uploadGrants.userId, userId),
          isNull(uploadGrants.claimedAt),
          gt(uploadGrants.expiresAt, now),
        ),
      )
      .returning({ key: uploadGrants.key });
    return rows.length > 0;
  },

  async expiredBefore(db: Executor, before: Date, limit: number): Promise<string[]> {
    const rows = await db
      .select({ key: uploadGrants.key })
      .from(uploadGrants)
      .where(lt(uploadGrants.expiresAt, before))
      .limit(limit);
    return rows.map((r) => r.key);
  },

  async delete(db: Executor, keys: string[]): Promise<void> {
    if (keys.length > 0) await db.delete(uploadGrants).where(inArray(uploadGrants.key, keys));
  },
};
