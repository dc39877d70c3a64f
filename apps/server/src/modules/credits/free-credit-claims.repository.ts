import { inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { freeCreditClaims } from '../../db/schema/account-security';

/** The only code that queries Free-credit claims (keyed hashes of addresses and Google subjects). */
export const freeCreditClaimsRepository = {
  /**
   * Inserts a claim, or takes over an expired one; false when a live claim holds the key. Of two
   * concurrent claims, the second waits on the first's row and sees it live.
   */
  async claim(db: Executor, keyHash: string, now: Date, expiresAt: Date): Promise<boolean> {
    const rows = await db
      .insert(freeCreditClaims)
      .values({ keyHash, claimedAt: now, expiresAt })
      .onConflictDoUpdate({
        target: freeCreditClaims.keyHash,
        set: { claimedAt: now, expiresAt },
        setWhere: lte(freeCreditClaims.expiresAt, now),
      })
      .returning({ keyHash: freeCreditClaims.keyHash });
    return rows.length > 0;
  },

  /** Keeps a claim at least until `expiresAt` (created if missing). */
  async keepUntil(db: Executor, keyHash: string, now: Date, expiresAt: Date): Promise<void> {
    await db
      .insert(freeCreditClaims)
      .values({ keyHash, claimedAt: now, expiresAt })
      .onConflictDoUpdate({
        target: freeCreditClaims.keyHash,
        set: { expiresAt: sql`greatest(${freeCreditClaims.expiresAt}, excluded.expires_at)` },
      });
  },

  /** Removes claims past their retention; returns how many went. */
  async deleteExpired(db: Executor, now: Date): Promise<number> {
    const rows = await db
      .delete(freeCreditClaims)
      .where(lte(freeCreditClaims.expiresAt, now))
      .returning({ keyHash: freeCreditClaims.keyHash });
    return rows.length;
  },

  async anyStored(db: Executor, keyHashes: string[]): Promise<boolean> {
    const rows = await db
      .select({ keyHash: freeCreditClaims.keyHash })
      .from(freeCreditClaims)
      .where(inArray(freeCreditClaims.keyHash, keyHashes));
    return rows.length > 0;
  },
};
