import { type CreditBalances, type CreditTier, creditTiers } from '@booktranslate/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { creditLedger } from '../../db/schema/credits';

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
};
