import { randomUUID } from 'node:crypto';
import { CreateBookFromUploadRequest, MAX_UPLOAD_BYTES } from '@booktranslate/contract';
import { AppError } from '../../errors';
import type { BookStorage } from './book-storage';
import type { BooksDeps } from './books.service';
import { cleanFilename, type ReceivedUpload } from './receive-upload';

const HEAD_BYTES = 64 * 1024;

/**
 * POST /upload/presigned-url/: a grant to send one file of at most 100 MiB straight to storage under
 * a key inside the user's own upload area; the book is then created with POST /books/ and that key.
 */
export async function presignUpload(
  deps: BooksDeps,
  userId: string,
  body: { filename: string; expires_in: number; file_size: number },
) {
  const key = `uploads/${userId}/${randomUUID()}`;
  const expiresIn = Math.min(body.expires_in, 3600);
  const grant = await deps.storage.presignedPost(key, { expiresIn, maxBytes: MAX_UPLOAD_BYTES });
  return { upload_url: grant.url, fields: grant.fields, upload_key: key, expires_in: expiresIn };
}

/** The JSON form of POST /books/ after a direct upload: only keys granted to this user are accepted. */
export async function uploadedFile(
  storage: BookStorage,
  userId: string,
  body: unknown,
): Promise<ReceivedUpload> {
  const parsed = CreateBookFromUploadRequest.safeParse(body);
  if (!parsed.success)
    throw new AppError(
      'VALIDATION_ERROR',
      'Send a multipart upload, or upload_key, filename and target_language',
    );
  const { upload_key: key, filename, target_language } = parsed.data;
  if (!key.startsWith(`uploads/${userId}/`) || key.includes('..'))
    throw new AppError('NOT_FOUND', 'Upload not found');
  const size = await storage.size(key);
  if (size === null) throw new AppError('NOT_FOUND', 'Upload not found');
  if (size > MAX_UPLOAD_BYTES) {
    await storage.remove(key).catch(() => {});
    throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
  }
  return {
    key,
    filename: cleanFilename(filename),
    size,
    head: await readHead(storage, key),
    fields: { target_language },
  };
}

async function readHead(storage: BookStorage, key: string): Promise<Uint8Array> {
  const stream = await storage.readStream(key);
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
