import { type CreditBalances, type CreditTier, creditTiers } from '@booktranslate/contract';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { type CreditLedgerRow, creditLedger } from '../../db/schema/credits';
import { usersRepository } from '../users/users.repository';

export interface LedgerEntry {
  userId: string;
  tier: CreditTier;
  /** Positive for a grant, negative for a use. */
  amount: number;
  reason: string;
  /** Idempotency key: a second entry with the same source id is ignored. */
  sourceId: string;
}

/**
 * The credit ledger. Balances are sums; every write is an insert keyed by a unique source id, so
 * retried jobs and replayed webhooks never grant or spend twice.
 */
export const creditsRepository = {
  /**
   * The one lock on a user's ledger, taken first by every transaction that spends, takes back or
   * decides on credits (spends, refunds, cancellations, grants): they run one after another, and each
   * reads the balance the one before left. The lock is the user's row (FOR UPDATE), because inserts
   * that reference a user share-lock that row: taking it before them keeps parallel uploads clear of
   * deadlocks. False when the user is gone.
   */
  lockLedger(tx: Executor, userId: string): Promise<boolean> {
    return usersRepository.lock(tx, userId);
  },

  /** Adds an entry; false when an entry with this source id already exists (nothing written). */
  async record(db: Executor, entry: LedgerEntry): Promise<boolean> {
    if (entry.amount === 0) throw new Error('a ledger entry needs a non-zero amount');
    const rows = await db
      .insert(creditLedger)
      .values(entry)
      .onConflictDoNothing({ target: creditLedger.sourceId })
      .returning({ id: creditLedger.id });
    return rows.length > 0;
  },

  async findBySource(db: Executor, sourceId: string) {
    const [row] = await db.select().from(creditLedger).where(eq(creditLedger.sourceId, sourceId)).limit(1);
    return row;
  },

  /** Balance per tier (never below zero in practice: uses are only written against a positive balance). */
  async balances(db: Executor, userId: string): Promise<CreditBalances> {
    const rows = await db
      .select({ tier: creditLedger.tier, total: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .groupBy(creditLedger.tier);
    const balances: CreditBalances = { FREE: 0, READER: 0, BOOKWORM: 0 };
    for (const row of rows) {
      if ((creditTiers as readonly string[]).includes(row.tier))
        balances[row.tier as CreditTier] = Number(row.total);
    }
    return balances;
  },

  /** The user's latest entries, newest first. */
  recentEntries(db: Executor, userId: string, limit: number): Promise<CreditLedgerRow[]> {
    return db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(desc(creditLedger.createdAt))
      .limit(limit);
  },

  /** Every entry of the user, in no particular order. */
  entriesFor(db: Executor, userId: string): Promise<CreditLedgerRow[]> {
    return db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  },

  /** Credits spent on translations (net of refunds) since `from` (ever when null); never negative. */
  async translationsUsedSince(db: Executor, userId: string, from: Date | null): Promise<number> {
    const [row] = await db
      .select({ used: sql<string>`coalesce(-sum(${creditLedger.amount}), 0)` })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.userId, userId),
          sql`${creditLedger.reason} in ('translation', 'refund')`,
          from ? gte(creditLedger.createdAt, from) : undefined,
        ),
      );
    return Math.max(0, Number(row?.used ?? 0));
  },
};
