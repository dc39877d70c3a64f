import type { Executor } from '../../db/database';
import { booksRepository } from '../books/books.repository';
import { storageLimitBytes } from '../books/storage-quota';
import { creditsRepository } from '../credits/credits.repository';
import { billingRepository } from './billing.repository';
import { creditsPerCycle, planEntry } from './plan-catalogue';
import { currentSubscription } from './user-plan';

/** Credits spent on translations (net of refunds) since `from`. */
export function translationsUsedSince(db: Executor, userId: string, from: Date | null): Promise<number> {
  return creditsRepository.translationsUsedSince(db, userId, from);
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
    storageUsed: await booksRepository.bytesStored(db, userId),
    storageLimit: storageLimitBytes(code),
    resetDate: current && !current.cancelledAt ? (current.nextBillingAt?.toISOString() ?? null) : null,
  };
}
