import { and, count, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Executor } from '../../../db/database';
import { translationBlocks } from '../../../db/schema/translation-blocks';
import type { StoredTitles } from '../../../db/schema/translations';
import { translations } from '../../../db/schema/translations';

/** How many of the owner's latest finished translations into the language are compared. */
const RECENT = 20;

/** What a new edition takes from the earlier one: its brief and its translated titles. */
export interface EarlierEdition {
  brief: unknown;
  titles: StoredTitles | null;
}

/**
 * The brief and titles of the owner's finished translation into `targetLanguage` by the same engine that
 * holds the most of these source passages (by their hashes): the earlier edition of a book
 * translated again, or null when none holds any. Compares the owner's latest finished translations
 * only, by the blocks' primary key.
 * @example await earlierEditionOf(db, t, { label: 'openai', model: 'gpt-4.1-mini' }, ['3f2a…', '9c1d…'])
 */
export async function earlierEditionOf(
  db: Executor,
  t: { id: string; userId: string; targetLanguage: string },
  engine: { label: string; model: string },
  sourceHashes: string[],
): Promise<EarlierEdition | null> {
  if (sourceHashes.length === 0) return null;
  const recent = await db
    .select({ id: translations.id })
    .from(translations)
    .where(
      and(
        eq(translations.userId, t.userId),
        ne(translations.id, t.id),
        eq(translations.targetLanguage, t.targetLanguage),
        eq(translations.status, 'completed'),
        eq(translations.engine, engine.label),
        eq(translations.engineModel, engine.model),
        isNotNull(translations.brief),
      ),
    )
    .orderBy(desc(translations.completedAt))
    .limit(RECENT);
  if (recent.length === 0) return null;
  const [best] = await db
    .select({ id: translationBlocks.translationId, n: count() })
    .from(translationBlocks)
    .where(
      and(
        inArray(
          translationBlocks.translationId,
          recent.map((r) => r.id),
        ),
        inArray(translationBlocks.sourceHash, sourceHashes),
      ),
    )
    .groupBy(translationBlocks.translationId)
    .orderBy(desc(count()))
    .limit(1);
  if (!best) return null;
  const [row] = await db
    .select({ brief: translations.brief, titles: translations.titles })
    .from(translations)
    .where(eq(translations.id, best.id));
  return row?.brief ? { brief: row.brief, titles: row.titles ?? null } : null;
}
