import {
  APP_PASSWORDS_PER_USER,
  type CreateAppPasswordBody,
  type CreatedAppPassword,
  catalogueUrls,
} from '@booktranslate/contract';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { appPasswordToken, hashSecret, newSecret, normalizeSecret } from './app-password-secret';
import { appPasswordsRepository as repo } from './app-passwords.repository';
import { toAppPasswordDto } from './to-app-password-dto';

/**
 * POST /users/app-passwords/: a new password for a reading app. Only its hash is kept; the answer
 * is the one time the password and the catalogue address holding it are shown.
 */
export async function createAppPassword(
  deps: { db: Database; publicUrl: string },
  userId: string,
  body: CreateAppPasswordBody,
): Promise<CreatedAppPassword> {
  if ((await repo.countForUser(deps.db, userId)) >= APP_PASSWORDS_PER_USER) {
    throw new AppError(
      'CONFLICT',
      `You have ${APP_PASSWORDS_PER_USER} app passwords; revoke one you no longer use first`,
    );
  }
  const password = newSecret();
  const row = await repo.insert(deps.db, {
    userId,
    name: body.name,
    secretHash: hashSecret(normalizeSecret(password)!),
  });
  const token = appPasswordToken(row.id, password);
  return { ...toAppPasswordDto(row), password, token, urls: catalogueUrls(deps.publicUrl, token) };
}
