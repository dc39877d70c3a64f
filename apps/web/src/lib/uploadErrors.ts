import { bookRefusalWords, isBookRefusalReason } from '@booktranslate/contract/book-refusals';
import { ApiError, errorCode, httpStatus, isNetworkError } from '../api/errors';

/**
 * The sentence the upload wizard shows for a failed upload: the book's problem in the contract's
 * words when the server named one, else the spec's texts ('Upload failed with status {code}' for an answer without our
 * error envelope, such as a proxy's 413 or 502; 'Upload failed' otherwise).
 */
export function uploadErrorMessage(err: unknown): string {
  if (isNetworkError(err) && err instanceof ApiError) return err.message;
  const code = errorCode(err);
  if (code === 'UNPROCESSABLE') {
    // The contract's BookRefusalDetails, read off the wire: a reason it does not know gets the general text.
    const reason = ((err as ApiError).details as { reason?: unknown } | undefined)?.reason;
    return isBookRefusalReason(reason) ? bookRefusalWords[reason] : 'This file could not be read as a book.';
  }
  if (code === 'UNSUPPORTED_MEDIA_TYPE') return bookRefusalWords['wrong-format'];
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
