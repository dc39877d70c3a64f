import { isNetworkError } from '../../api/httpStatus';

/** A failed retry or cancel, in words: what did not happen and what to do. */
export function actionError(action: 'retry' | 'cancel', err: unknown): string {
  const what =
    action === 'retry' ? 'The translation could not be restarted' : 'The translation could not be canceled';
  if (isNetworkError(err))
    return `${what}: the service cannot be reached. Check your connection and try again.`;
  const status = (err as { code?: unknown } | null)?.code;
  if (status === 402) return `${what}: you have no credits left. Upgrade your plan to get more.`;
  if (status === 409) return `${what}: its status changed meanwhile. Close this window to see the latest.`;
  return `${what}. Please try again in a moment.`;
}
