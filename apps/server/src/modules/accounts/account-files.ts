import type { Executor } from '../../db/database';
import { usersRepository } from '../users/users.repository';

/** The part of the storage that erasing an account's files needs. */
export interface AccountFileStorage {
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<number>;
}

/**
 * Deletes every stored file of an account: originals, covers, translation outputs and their
 * prefixes, and unclaimed direct uploads. Run when the deletion is requested, so a signed link
 * handed out before (S3 links cannot be revoked) finds nothing, and again by the purge. Files
 * already gone are not an error. Returns the number of named files.
 */
export async function deleteAccountFiles(
  db: Executor,
  storage: AccountFileStorage,
  userId: string,
): Promise<number> {
  const { bookRows, translationRows } = await usersRepository.storedFilesOf(db, userId);
  const keys = [
    ...bookRows.flatMap((book) => [book.originalKey, book.coverKey]),
    ...translationRows.flatMap((t) => Object.values(t.outputs ?? {})),
  ].filter((key): key is string => Boolean(key));
  for (const key of keys) await storage.delete(key);
  for (const t of translationRows) await storage.deletePrefix(`translations/${t.id}/`);
  await storage.deletePrefix(`uploads/${userId}/`);
  return keys.length;
}
