import type { Database } from '../../db/database';
import type { TranslationRow } from '../../db/schema/translations';
import { AppError } from '../../errors';
import { translationsRepository as repo } from './translations.repository';

/** The user's translation, or 404 (another account's id answers as a missing one). */
export async function ownTranslation(db: Database, userId: string, id: string): Promise<TranslationRow> {
  const t = await repo.findForUser(db, userId, id);
  if (!t) throw new AppError('NOT_FOUND', 'Translation not found');
  return t;
}
