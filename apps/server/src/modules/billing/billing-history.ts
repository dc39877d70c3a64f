import type { TransactionsQuery } from '@booktranslate/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database';
import type { BillingTransactionRow } from '../../db/schema/billing';
import { creditsRepository } from '../credits/credits.repository';
import { billingRepository } from './billing.repository';

type Query = z.output<typeof TransactionsQuery>;

function toTransactionDto(row: BillingTransactionRow, providerIds: Map<string, string>) {
  const at = row.createdAt.toISOString();
  const dollars = row.amountCents / 100;
  return {
    id: row.id,
    type: row.type as 'payment',
    status: row.status as 'SUCCESS',
    description: row.description,
    amount_cents: row.amountCents,
    amount_dollars: dollars,
    amount: dollars,
    currency: row.currency,
    subscription_id: row.subscriptionId ? (providerIds.get(row.subscriptionId) ?? null) : null,
    created_at: at,
    processed_at: at,
    date: at,
  };
}

async function providerIdMap(db: Executor, userId: string) {
  const rows = await billingRepository.listForUser(db, userId);
  return new Map(rows.map((row) => [row.id, row.providerSubscriptionId]));
}

/** GET /billing/transactions/: newest first, filtered by type, status and date range (`to` inclusive of its day). */
export async function listTransactions(db: Executor, userId: string, query: Query) {
  const from = query.from ? new Date(query.from) : null;
  const to = query.to ? new Date(query.to.length === 10 ? `${query.to}T23:59:59.999Z` : query.to) : null;
  const rows = (await billingRepository.transactionsForUser(db, userId)).filter(
    (row) =>
      (!query.type || row.type === query.type) &&
      (!query.status || row.status === query.status) &&
      (!from || row.createdAt >= from) &&
      (!to || row.createdAt <= to),
  );
  const ids = await providerIdMap(db, userId);
  const start = (query.page - 1) * query.limit;
  return {
    transactions: rows.slice(start, start + query.limit).map((row) => toTransactionDto(row, ids)),
    total: rows.length,
    page: query.page,
    limit: query.limit,
  };
}

export async function transactionsByType(db: Executor, userId: string) {
  const byType: Record<string, { count: number; amount_cents: number }> = {};
  for (const row of await billingRepository.transactionsForUser(db, userId)) {
    const entry = byType[row.type] ?? { count: 0, amount_cents: 0 };
    byType[row.type] = entry;
    entry.count++;
    entry.amount_cents += row.amountCents;
  }
  return { by_type: byType };
}

const month = (date: Date) => date.toISOString().slice(0, 7);

export async function billingAnalytics(db: Executor, userId: string) {
  const rows = await billingRepository.transactionsForUser(db, userId);
  const byMonth = new Map<string, { month: string; amount_cents: number; count: number }>();
  let paid = 0;
  let refunded = 0;
  for (const row of rows) {
    if (row.type === 'refund') refunded += row.amountCents;
    if (row.type !== 'payment' || row.status !== 'SUCCESS') continue;
    paid += row.amountCents;
    const entry = byMonth.get(month(row.createdAt)) ?? {
      month: month(row.createdAt),
      amount_cents: 0,
      count: 0,
    };
    entry.amount_cents += row.amountCents;
    entry.count++;
    byMonth.set(entry.month, entry);
  }
  return {
    total_paid_cents: paid,
    total_refunded_cents: refunded,
    payments_count: rows.filter((row) => row.type === 'payment' && row.status === 'SUCCESS').length,
    failed_payments_count: rows.filter((row) => row.type === 'failed_payment').length,
    by_month: [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month)),
  };
}

/** Ledger totals: grants (+), uses (translation), refunds and expiries, per tier and month. */
export async function creditAnalytics(db: Executor, userId: string) {
  const rows = await creditsRepository.entriesFor(db, userId);
  const result = { granted: 0, used: 0, refunded: 0, expired: 0 };
  const byTier: Record<string, { granted: number; used: number }> = {};
  const byMonth = new Map<string, { month: string; granted: number; used: number }>();
  for (const row of rows) {
    const tier = byTier[row.tier] ?? { granted: 0, used: 0 };
    byTier[row.tier] = tier;
    const m = byMonth.get(month(row.createdAt)) ?? { month: month(row.createdAt), granted: 0, used: 0 };
    byMonth.set(m.month, m);
    if (row.reason === 'refund') result.refunded += row.amount;
    else if (row.amount < 0 && row.reason !== 'translation') result.expired -= row.amount;
    else if (row.amount < 0) {
      result.used -= row.amount;
      tier.used -= row.amount;
      m.used -= row.amount;
    } else {
      result.granted += row.amount;
      tier.granted += row.amount;
      m.granted += row.amount;
    }
  }
  return {
    ...result,
    by_tier: byTier,
    by_month: [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month)),
  };
}
