import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { appPasswordsRepository as repo } from './app-passwords.repository';

/**
 * DELETE /users/app-passwords/{id}/: the row goes, so the next catalogue request with it is refused
 * (nothing caches a password). Another user's id answers as a missing one.
 */
export async function revokeAppPassword(db: Database, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteForUser(db, userId, id))) throw new AppError('NOT_FOUND', 'App password not found');
}
