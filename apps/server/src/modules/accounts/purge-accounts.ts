import type { Database } from '../../db/database';
import type { Clock } from '../../deps';
import { sweepExpiredClaims } from '../credits/free-credit-claims';
import { usersRepository } from '../users/users.repository';
import { deleteAccountFiles } from './account-files';
import { eraseTracesOf } from './delete-account';

/** The part of the storage the purge needs. */
export interface PurgeStorage {
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<number>;
}

export interface PurgeDeps {
  db: Database;
  storage: PurgeStorage;
  clock: Clock;
  log?: { info(obj: object, msg: string): void };
}

/**
 * Erases every account whose deletion is due: its stored files first (originals, covers, uploads,
 * translation outputs), then the user row, which takes every other row with it (ON DELETE CASCADE).
 * Safe to run again after a crash: files already gone are not an error. Also forgets Free-credit
 * claims past their retention (decision 120). Returns the number of accounts purged.
 */
export async function purgeDueAccounts(deps: PurgeDeps): Promise<number> {
  const swept = await sweepExpiredClaims(deps.db, deps.clock.now());
  if (swept > 0) deps.log?.info({ claims: swept }, 'expired free-credit claims removed');
  const due = await usersRepository.dueDeletions(deps.db, deps.clock.now());
  for (const { userId, email } of due) {
    const files = await deleteAccountFiles(deps.db, deps.storage, userId);
    await deps.db.transaction(async (tx) => {
      if (email) await eraseTracesOf(tx, userId, email);
      await usersRepository.remove(tx, userId);
    });
    deps.log?.info({ userId, files }, 'account purged');
  }
  return due.length;
}
