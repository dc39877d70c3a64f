import type { Series } from '@booktranslate/contract';
import type { Database } from '../../../db/database';
import { AppError } from '../../../errors';
import { getSeries, keepGlossaryForSeries } from '../../series';
import { ownTranslation } from '../own-translation';
import { glossaryOf } from '../pipeline/series-glossary';

/**
 * POST /translations/{id}/glossary/keep-for-series/: the translation's glossary (as the user edited
 * it) becomes its series' glossary into that language, its renderings winning, so the next volume
 * starts from them. 404 for another user's translation, 409 when the book is in no series.
 */
export async function keepTranslationGlossary(db: Database, userId: string, id: string): Promise<Series> {
  const t = await ownTranslation(db, userId, id);
  const kept = await keepGlossaryForSeries(db, t.bookId, t.targetLanguage, glossaryOf(t.brief), 'replace');
  if (!kept) throw new AppError('CONFLICT', 'This book is in no series: put it in one first');
  return getSeries(db, userId, kept.id);
}
