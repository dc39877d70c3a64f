import type { Executor } from '../../db/database';
import { AppError } from '../../errors';
import { usersRepository } from '../users/users.repository';
import { booksRepository } from './books.repository';

const MB = 1024 * 1024;

/**
 * The storage of each plan (decision 091), which GET /billing/usage/ reports and uploads may not
 * pass (decision 215): the originals of the user's books, while stored.
 */
export const STORAGE_LIMIT_MB = { free: 500, reader: 2048, bookworm: 10240 } as const;

export type StoragePlan = keyof typeof STORAGE_LIMIT_MB;

/** The bytes a user on `plan` may keep; an unknown plan name has the Free plan's room. */
export function storageLimitBytes(plan: string): number {
  return (STORAGE_LIMIT_MB[plan as StoragePlan] ?? STORAGE_LIMIT_MB.free) * MB;
}

/**
 * 413 STORAGE_QUOTA_EXCEEDED when `adding` more bytes would take the user's stored originals past
 * the plan's storage. Run it inside the transaction that creates the book, after the user's row is
 * locked, for the decision that counts; earlier calls only spare the client a useless upload.
 * @example await ensureStorageRoom(tx, userId, upload.size);
 */
export async function ensureStorageRoom(db: Executor, userId: string, adding: number): Promise<void> {
  const plan = (await usersRepository.planCacheOf(db, userId))?.subscriptionPlan ?? 'free';
  const limit = storageLimitBytes(plan);
  const used = await booksRepository.bytesStored(db, userId);
  if (used + adding <= limit) return;
  throw new AppError(
    'STORAGE_QUOTA_EXCEEDED',
    `Your books take ${megabytes(used)} of your ${megabytes(limit)} of storage, and this file (${megabytes(adding)}) would not fit. Delete books you no longer need, then upload again.`,
    { used_bytes: used, limit_bytes: limit, file_bytes: adding },
  );
}

function megabytes(bytes: number): string {
  const mb = bytes / MB;
  return `${mb >= 10 || mb === 0 ? Math.round(mb) : Math.max(0.1, Math.round(mb * 10) / 10)} MB`;
}
