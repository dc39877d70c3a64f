import type { DashboardStats } from '@booktranslate/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { translationsRepository } from '../translations';

/** Public, aggregate-only figures: counts across all users, never anything about one of them. */
export const dashboardRepository = {
  async stats(db: Executor): Promise<DashboardStats> {
    // The translations table is read by its own module's repository (decision 220).
    const totals = await translationsRepository.completedTotals(db);
    const result = await db.execute(sql`select count(*) as users from users`);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
    return { ...totals, users: Number(row.users ?? 0) };
  },
};
