import { ApiError, errorCode, httpStatus, isNetworkError } from '../api/errors';

/** What the server says about a refused book (`details.reason` of a 422), in a reader's words. */
const BOOK_REASONS: Record<string, string> = {
  corrupt: 'This book file is damaged and cannot be read.',
  drm: 'This book is protected by DRM (copy protection), so it cannot be read.',
  'archive-bomb': 'This book file is far larger once unpacked than a book can be.',
  'unsafe-path': 'This book file is built in an unsafe way and was refused.',
  doctype: 'This book file contains markup that is refused for safety.',
  'no-text': 'This book contains no text to translate.',
  'wrong-format': 'This file is not an EPUB, FB2 or TXT book.',
  unsupported: 'This book uses a format or feature that is not supported yet.',
  empty: 'This file is empty.',
};

/**
 * The sentence the upload wizard shows for a failed upload: the book's problem when the server
 * named one, else the spec's texts ('Upload failed with status {code}' for an answer without our
 * error envelope, such as a proxy's 413 or 502; 'Upload failed' otherwise).
 */
export function uploadErrorMessage(err: unknown): string {
  if (isNetworkError(err) && err instanceof ApiError) return err.message;
  const code = errorCode(err);
  if (code === 'UNPROCESSABLE') {
    const reason = ((err as ApiError).details as { reason?: unknown } | undefined)?.reason;
    return (typeof reason === 'string' && BOOK_REASONS[reason]) || 'This file could not be read as a book.';
  }
  if (code === 'UNSUPPORTED_MEDIA_TYPE') return BOOK_REASONS['wrong-format'] ?? 'Upload failed';
  if (code === 'PAYLOAD_TOO_LARGE') return 'This file is larger than the service accepts.';
  // The server says how much the books take and what frees room.
  if (code === 'STORAGE_QUOTA_EXCEEDED') return (err as ApiError).message;
  if (code === 'RATE_LIMITED') return 'Too many uploads at once. Please wait a minute and try again.';
  const status = httpStatus(err);
  if (status !== undefined) return `Upload failed with status ${status}`;
  return 'Upload failed';
}

/**
 * What the user can do next, shown under the message; null when the message already says it (the
 * storage is full: delete books).
 */
export function uploadErrorAdvice(err: unknown): string | null {
  if (isFileRefused(err)) return 'Please choose another file.';
  if (errorCode(err) === 'STORAGE_QUOTA_EXCEEDED') return null;
  return 'Check your connection and press Start Translation again, or choose another file.';
}

/** True when the file itself was refused, so only another file can help. */
export function isFileRefused(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'UNPROCESSABLE' || code === 'UNSUPPORTED_MEDIA_TYPE' || code === 'PAYLOAD_TOO_LARGE';
}
