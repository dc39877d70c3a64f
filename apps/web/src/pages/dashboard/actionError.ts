import { noCreditsMessage } from '@booktranslate/contract/no-credits';
import { ApiError, errorCode, isNetworkError } from '../../api/errors';

/** A failed retry or cancel, in words: what did not happen and what to do. */
export function actionError(action: 'retry' | 'cancel', err: unknown): string {
  const what =
    action === 'retry' ? 'The translation could not be restarted' : 'The translation could not be canceled';
  if (isNetworkError(err))
    return `${what}: the service cannot be reached. Check your connection and try again.`;
  const code = errorCode(err);
  if (code === 'INSUFFICIENT_CREDITS') return `${what}. ${noCreditsMessage}`;
  const reason =
    err instanceof ApiError ? (err.details as { reason?: unknown } | undefined)?.reason : undefined;
  if (code === 'CONFLICT' && reason === 'original-deleted')
    return `${what}: the book's original file was deleted some days after the translation failed. Upload the book again to translate it.`;
  if (code === 'CONFLICT')
    return `${what}: its status changed meanwhile. Close this window to see the latest.`;
  return `${what}. Please try again in a moment.`;
}
