import { randomUUID } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '@booktranslate/contract';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { isStorageError } from '../../storage/storage-error';
import { usersRepository } from '../users/users.repository';
import type { BookStorage } from './book-storage';
import { ensureSomeCredit } from './ensure-some-credit';
import { cleanFilename, type ReceivedUpload } from './receive-upload';
import { ensureStorageRoom } from './storage-quota';
import { uploadGrantsRepository as grants } from './upload-grants.repository';
import type { DirectUpload } from './upload-input';

const HEAD_BYTES = 64 * 1024;
const MB = 1024 * 1024;

/** What one user may hold in unclaimed direct-upload grants at once. */
/** What direct uploads use of the books dependencies (its own type: books.service imports this file). */
type UploadDeps = { db: Database; storage: BookStorage };

export interface UploadGrantLimits {
  perUser: number;
  bytesPerUser: number;
}

/**
 * POST /upload/presigned-url/: a grant to send one file of the declared size straight to storage
 * under a key inside the user's own upload area; the book is then created with POST /books/ and
 * that key. Only for a user with a credit (402), within the user's limits of open grants (429) and
 * their bytes (413), so nobody can park files in the store without a book to show for them, and
 * for a file that fits the plan's storage (413 STORAGE_QUOTA_EXCEEDED).
 */
export async function presignUpload(
  deps: UploadDeps,
  limits: UploadGrantLimits,
  userId: string,
  body: { filename: string; expires_in: number; file_size: number },
) {
  await ensureSomeCredit(deps.db, userId);
  const key = `uploads/${userId}/${randomUUID()}`;
  const expiresIn = Math.min(body.expires_in, 3600);
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    // One user's grant requests queue up here, so two at once cannot both pass the limits.
    await usersRepository.lock(tx, userId);
    const open = await grants.pending(tx, userId, now);
    if (open.count >= limits.perUser) {
      throw new AppError(
        'RATE_LIMITED',
        `You already have ${open.count} uploads waiting to become books. Add them as books, or wait up to an hour for them to expire.`,
        { reason: 'pending-uploads', limit: limits.perUser },
      );
    }
    if (open.bytes + body.file_size > limits.bytesPerUser) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `Uploads waiting to become books may total ${Math.floor(limits.bytesPerUser / MB)} MB; this file would pass that. Add the waiting uploads as books first.`,
        { reason: 'pending-upload-bytes', limit_bytes: limits.bytesPerUser },
      );
    }
    await ensureStorageRoom(tx, userId, body.file_size);
    await grants.insert(tx, {
      key,
      userId,
      maxBytes: body.file_size,
      expiresAt: new Date(now.getTime() + expiresIn * 1000),
    });
  });
  const grant = await deps.storage.signedUpload(key, { expiresIn, maxBytes: body.file_size });
  return { upload_url: grant.url, fields: grant.fields, upload_key: key, expires_in: expiresIn };
}

/**
 * The JSON form of POST /books/ after a direct upload. Spends the grant (a second claim answers
 * 409) and copies the file to a key only the server writes before anything reads it, so what is
 * inspected is what the book keeps: uploading again under the still-valid grant changes nothing.
 */
export async function uploadedFile(
  deps: UploadDeps,
  userId: string,
  claim: DirectUpload | null,
): Promise<ReceivedUpload> {
  if (!claim)
    throw new AppError(
      'VALIDATION_ERROR',
      'Send a multipart upload, or upload_key, filename and target_language',
    );
  const { upload_key: upload, filename, target_language, review_glossary, lane } = claim;
  const { storage } = deps;
  if (!upload.startsWith(`uploads/${userId}/`) || upload.includes('..'))
    throw new AppError('NOT_FOUND', 'Upload not found');
  const sent = await storage.stat(upload);
  if (sent === null) throw new AppError('NOT_FOUND', 'Upload not found');
  try {
    await ensureStorageRoom(deps.db, userId, sent.size);
  } catch (error) {
    // Other books came first: this file will never fit as it is, so it goes now.
    await storage.delete(upload).catch(() => {});
    throw error;
  }
  if (!(await grants.claim(deps.db, userId, upload, new Date()))) {
    const grant = await grants.find(deps.db, userId, upload);
    if (grant?.claimedAt) throw new AppError('CONFLICT', 'This upload was already used to create a book');
    throw new AppError('NOT_FOUND', 'Upload not found or expired; upload the file again');
  }
  const key = `originals/${randomUUID()}`;
  try {
    await storage.copy(upload, key);
  } catch (error) {
    if (isStorageError(error, 'NOT_FOUND')) throw new AppError('NOT_FOUND', 'Upload not found');
    throw error;
  }
  await storage.delete(upload).catch(() => {});
  const size = (await storage.stat(key))?.size ?? 0;
  if (size > MAX_UPLOAD_BYTES) {
    await storage.delete(key).catch(() => {});
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_UPLOAD_BYTES / MB} MB`);
  }
  return {
    key,
    filename: cleanFilename(filename),
    size,
    head: await readHead(storage, key),
    fields: { target_language, ...(review_glossary && { review_glossary }), ...(lane && { lane }) },
  };
}

async function readHead(storage: UploadDeps['storage'], key: string): Promise<Uint8Array> {
  const stream = await storage.get(key);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= HEAD_BYTES) break;
  }
  stream.destroy();
  return new Uint8Array(Buffer.concat(chunks)).subarray(0, HEAD_BYTES);
}
