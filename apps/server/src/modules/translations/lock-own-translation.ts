import type { Database, Executor } from '../../db/database';
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

/**
 * Changes the user's translation under its row lock, in one transaction: `change` decides (an
 * AppError refuses) and answers the updated row; 404 unless the translation is the user's.
 * @example const updated = await changeOwnTranslation(deps.db, userId, id, (tx, t) => repo.update(tx, t.id, { status }));
 */
export async function changeOwnTranslation(
  db: Database,
  userId: string,
  id: string,
  change: (tx: Executor, t: TranslationRow) => Promise<TranslationRow | undefined>,
): Promise<TranslationRow> {
  const updated = await db.transaction(async (tx) => change(tx, await lockOwnTranslation(tx, userId, id)));
  return updated!;
}
