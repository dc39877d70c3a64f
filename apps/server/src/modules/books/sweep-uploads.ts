import type { Database } from '../../db/database';
import type { Clock } from '../../deps';
import { uploadGrantsRepository as grants } from './upload-grants.repository';

/** Grants live at most an hour; past this age an object under uploads/ belongs to no open grant. */
const GRANT_LIFE_MS = 3600_000;
/** Room for an upload that started just before its grant expired. */
const GRACE_MS = 10 * 60_000;

export interface SweepStorage {
  delete(key: string): Promise<void>;
  list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]>;
}

/**
 * Deletes what direct uploads left behind: the object of every expired grant (never claimed, or
 * sent again after its claim) with the grant's row, and any object under uploads/ older than a
 * grant can live (a row lost, or from before grants were recorded). Returns the objects deleted.
 */
export async function sweepUploads(deps: {
  db: Database;
  storage: SweepStorage;
  clock: Clock;
}): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - GRACE_MS);
  let deleted = 0;
  for (;;) {
    const keys = await grants.expiredBefore(deps.db, before, 500);
    if (keys.length === 0) break;
    for (const key of keys) await deps.storage.delete(key);
    await grants.delete(deps.db, keys);
    deleted += keys.length;
  }
  const stale = before.getTime() - GRANT_LIFE_MS;
  for (const object of await deps.storage.list('uploads/')) {
    if (object.modifiedAt.getTime() < stale) {
      await deps.storage.delete(object.key);
      deleted++;
    }
  }
  return deleted;
}
