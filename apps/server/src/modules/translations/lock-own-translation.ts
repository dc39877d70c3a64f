import type { Executor } from '../../db/database';
import type { TranslationRow } from '../../db/schema/translations';
import { AppError } from '../../errors';
import { translationsRepository as repo } from './translations.repository';

/**
 * Locks the translation row for the rest of the transaction; 404 unless it is the user's (another
 * account's id answers as a missing one).
 * @example const t = await lockOwnTranslation(tx, userId, id);
 */
export async function lockOwnTranslation(tx: Executor, userId: string, id: string): Promise<TranslationRow> {
  const t = await repo.lock(tx, id);
  if (!t || t.userId !== userId) throw new AppError('NOT_FOUND', 'Translation not found');
  return t;
}
