import { and, count, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database';
import { translationChunks } from '../../../db/schema/translation-blocks';
import { translations } from '../../../db/schema/translations';
import { FINAL_STATUSES } from '../translation-status';

/** The translations of the owner of `translationId` other than that one. */
function ownersOtherTranslations(db: Executor, translationId: string) {
  const owner = db
    .select({ userId: translations.userId })
    .from(translations)
    .where(eq(translations.id, translationId));
  return and(sql`${translations.userId} = (${owner})`, ne(translations.id, translationId));
}

/**
 * The chunks the owner of `translationId` has waiting or running in their other translations: how
 * far back in that user's line this translation's chunks start (decision 160).
 */
export async function ownerChunkBacklog(db: Executor, translationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(translationChunks)
    .innerJoin(translations, eq(translations.id, translationChunks.translationId))
    .where(
      and(
        ownersOtherTranslations(db, translationId),
        eq(translations.status, 'translating'),
        eq(translationChunks.run, translations.run),
        eq(translationChunks.status, 'queued'),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * The owner of `translationId` and their other translations still to finish (how far back in line
 * this one's prepare starts); undefined when there is no such translation.
 */
export async function prepareLine(
  db: Executor,
  translationId: string,
): Promise<{ userId: string; unfinished: number } | undefined> {
  const [row] = await db
    .select({ userId: translations.userId })
    .from(translations)
    .where(eq(translations.id, translationId));
  if (!row) return undefined;
  return { userId: row.userId, unfinished: await ownerUnfinishedTranslations(db, translationId) };
}

/** The owner's other translations still to finish: how far back in line this one's prepare starts. */
export async function ownerUnfinishedTranslations(db: Executor, translationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(translations)
    .where(
      and(ownersOtherTranslations(db, translationId), notInArray(translations.status, [...FINAL_STATUSES])),
    );
  return Number(row?.n ?? 0);
}

/**
 * Whether a translation other than `translationId`, of any owner, is under way on the service or
 * about to be (not finished and not waiting for its glossary review): its chunks share the
 * provider's slots.
 */
export async function otherTranslationsUnderWay(db: Executor, translationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: translations.id })
    .from(translations)
    .where(
      and(
        ne(translations.id, translationId),
        notInArray(translations.status, [...FINAL_STATUSES, 'reviewing']),
      ),
    )
    .limit(1);
  return row !== undefined;
}
