import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { creditLedger } from '../db/schema/credits';

/** The sum of every ledger entry of `userId`, all tiers together: what a test expects spent or refunded. */
export async function creditBalance(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.n);
}
