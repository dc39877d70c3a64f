import { count } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { translations } from '../db/schema/translations';

/** Translations by status, for the metrics scrape. */
export async function countTranslationsByStatus(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: translations.status, n: count() })
    .from(translations)
    .groupBy(translations.status);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}
