import type { DashboardStats } from '@booktranslate/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';

/** Public, aggregate-only figures: counts across all users, never anything about one of them. */
export const dashboardRepository = {
  async stats(db: Executor): Promise<DashboardStats> {
    const result = await db.execute(sql`
      select
        (select count(distinct book_id) from translations where status = 'completed') as books_translated,
        (select count(*) from translations where status = 'completed') as translations_completed,
        (select count(distinct target_language) from translations where status = 'completed') as languages,
        (select count(*) from users) as users,
        (select coalesce(sum(words_done), 0) from translations where status = 'completed') as words_translated
    `);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
    const num = (key: keyof DashboardStats) => Number(row[key] ?? 0);
    return {
      books_translated: num('books_translated'),
      translations_completed: num('translations_completed'),
      languages: num('languages'),
      users: num('users'),
      words_translated: num('words_translated'),
    };
  },
};
