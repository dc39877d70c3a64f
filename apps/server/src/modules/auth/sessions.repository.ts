import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { refreshTokens, sessionFamilies } from '../../db/schema/sessions';
import { ActiveSessionCache } from './active-session-cache';
import { sessionEvents } from './session-events';

/** Active families seen in the last 2 s (decision 163); revocations below forget theirs. */
const activeFamilies = new ActiveSessionCache(2000);

/** The only code that queries session families and refresh tokens. */
export const sessionsRepository = {
  async createFamily(db: Executor, userId: string, expiresAt: Date): Promise<string> {
    const [row] = await db
      .insert(sessionFamilies)
      .values({ userId, expiresAt })
      .returning({ id: sessionFamilies.id });
    if (!row) throw new Error('session family insert returned nothing');
    return row.id;
  },

  async addToken(db: Executor, familyId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await db.insert(refreshTokens).values({ familyId, tokenHash, expiresAt });
  },

  /** The token with its family, or undefined when no such token was ever issued. */
  async findToken(db: Executor, tokenHash: string) {
    const [row] = await db
      .select({ token: refreshTokens, family: sessionFamilies })
      .from(refreshTokens)
      .innerJoin(sessionFamilies, eq(refreshTokens.familyId, sessionFamilies.id))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  },

  /**
   * Marks a token used. Only one caller can win: a concurrent second use finds used_at set and gets
   * false, which the service treats as reuse.
   */
  async markUsed(db: Executor, tokenId: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(refreshTokens)
      .set({ usedAt: at })
      .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length > 0;
  },

  async revokeFamily(db: Executor, familyId: string, reason: string, at: Date): Promise<void> {
    activeFamilies.forgetFamily(familyId);
    await db
      .update(sessionFamilies)
      .set({ revokedAt: at, revokedReason: reason })
      .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
    sessionEvents.revoked({ familyId });
  },

  async revokeAllForUser(db: Executor, userId: string, reason: string, at: Date): Promise<void> {
    activeFamilies.forgetUser(userId);
    await db
      .update(sessionFamilies)
      .set({ revokedAt: at, revokedReason: reason })
      .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)));
    sessionEvents.revoked({ userId });
  },

  /** True when the family exists for this user, is not revoked and has not reached its absolute end. */
  async isActive(db: Executor, familyId: string, userId: string, now: Date): Promise<boolean> {
    if (activeFamilies.has(familyId, userId, now)) return true;
    const [row] = await db
      .select({ expiresAt: sessionFamilies.expiresAt })
      .from(sessionFamilies)
      .where(
        and(
          eq(sessionFamilies.id, familyId),
          eq(sessionFamilies.userId, userId),
          isNull(sessionFamilies.revokedAt),
          gt(sessionFamilies.expiresAt, now),
        ),
      )
      .limit(1);
    if (row) activeFamilies.add(familyId, userId, now, row.expiresAt);
    return row !== undefined;
  },

  /** Of these families, the ids still active for their user (as isActive), in one query for those not remembered. */
  async activeAmong(
    db: Executor,
    families: { familyId: string; userId: string }[],
    now: Date,
  ): Promise<Set<string>> {
    const active = new Set<string>();
    const owners = new Map<string, string>();
    for (const { familyId, userId } of families) {
      if (activeFamilies.has(familyId, userId, now)) active.add(familyId);
      else owners.set(familyId, userId);
    }
    if (owners.size === 0) return active;
    const rows = await db
      .select({
        id: sessionFamilies.id,
        userId: sessionFamilies.userId,
        expiresAt: sessionFamilies.expiresAt,
      })
      .from(sessionFamilies)
      .where(
        and(
          inArray(sessionFamilies.id, [...owners.keys()]),
          isNull(sessionFamilies.revokedAt),
          gt(sessionFamilies.expiresAt, now),
        ),
      );
    for (const row of rows) {
      if (owners.get(row.id) !== row.userId) continue;
      active.add(row.id);
      activeFamilies.add(row.id, row.userId, now, row.expiresAt);
    }
    return active;
  },
};
