import type { Storage } from './storage';

/**
 * A temporary file untouched this long belongs to no write: uploads keep theirs fresh with every
 * chunk, and a client that stalls this long has been cut off by the server's time-outs.
 */
export const TEMPORARY_FILE_MAX_AGE_MS = 3600_000;

/**
 * Removes the temporary files of writes that never finished (a process that died mid-upload): at
 * start and with the upload sweep. Returns how many went.
 * @example await sweepTemporaryFiles(storage, new Date());
 */
export function sweepTemporaryFiles(storage: Pick<Storage, 'sweepTemporary'>, now: Date): Promise<number> {
  return storage.sweepTemporary(new Date(now.getTime() - TEMPORARY_FILE_MAX_AGE_MS));
}
