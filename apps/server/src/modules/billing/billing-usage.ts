import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { books } from '../../db/schema/books';
import { creditLedger } from '../../db/schema/credits';
import { billingRepository } from './billing.repository';
import { creditsPerCycle, planEntry } from './plan-catalogue';
import { currentSubscription } from './user-plan';

const MB = 1024 * 1024;
/** Storage per plan (decision 091): room for the plan's books with their translations. */
const STORAGE_LIMIT_MB = { free: 500, reader: 2048, bookworm: 10240 } as const;

/** Credits spent on translations (net of refunds) since `from`. */
export async function translationsUsedSince(
  db: Executor,
  userId: string,
  from: Date | null,
): Promise<number> {
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
}

export async function storageUsed(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${books.fileSize}), 0)` })
    .from(books)
    .where(eq(books.userId, userId));
  return Number(row?.bytes ?? 0);
}

/** GET /billing/usage/: this period's translations against the plan's books, and storage. */
export async function usage(db: Executor, userId: string, now: Date) {
  const current = currentSubscription(await billingRepository.listForUser(db, userId), now);
  const code = (current?.plan ?? 'free') as 'free' | 'reader' | 'bookworm';
  const periodStart = current?.lastPaymentAt ?? null;
  const used = await translationsUsedSince(db, userId, current ? periodStart : null);
  return {
    translationsUsed: used,
    translationsLimit: current
      ? creditsPerCycle(code, current.billingPeriod as 'month')
      : planEntry('free').trialTranslations,
    storageUsed: await storageUsed(db, userId),
    storageLimit: STORAGE_LIMIT_MB[code] * MB,
    resetDate: current && !current.cancelledAt ? (current.nextBillingAt?.toISOString() ?? null) : null,
  };
}
