import type { AppPassword } from '@booktranslate/contract';
import type { Database } from '../../db/database';
import { appPasswordsRepository as repo } from './app-passwords.repository';
import { toAppPasswordDto } from './to-app-password-dto';

/** GET /users/app-passwords/: the user's passwords with their last use, never a secret. */
export async function listAppPasswords(db: Database, userId: string): Promise<{ items: AppPassword[] }> {
  return { items: (await repo.listForUser(db, userId)).map(toAppPasswordDto) };
}
