import { ApiError, networkError } from '@booktranslate/api-client/errors';
import type { ErrorCode } from '@booktranslate/contract';

// The one error type of every call: the api-client's ApiError (spec section 8). Screens decide on
// `errorCode`, the server's code from the error envelope, and never on message text.
// Imported from the error module alone: the client itself (and the contract's schemas) load later.
export { ApiError, isApiError } from '@booktranslate/api-client/errors';

export const PRODUCT = 'BookTranslate';

/** The HTTP status of a failed call; undefined when the server did not answer. */
export function httpStatus(err: unknown): number | undefined {
  return err instanceof ApiError && typeof err.code === 'number' ? err.code : undefined;
}

/** The envelope's error code (`error.code` on the wire) of a failed call. */
export function errorCode(err: unknown): ErrorCode | undefined {
  return err instanceof ApiError ? err.errorCode : undefined;
}

/** True when the server could not be reached at all. */
export function isNetworkError(err: unknown): boolean {
  return err instanceof ApiError && err.code === 'NETWORK_ERROR';
}

/** True when the call was refused for want of a credit (402 INSUFFICIENT_CREDITS). */
export function isNoCredits(err: unknown): boolean {
  return errorCode(err) === 'INSUFFICIENT_CREDITS';
}

/** The NETWORK_ERROR object, for calls that do not go through the api-client's fetch (the bucket). */
export function unreachable(cause?: unknown): ApiError {
  return networkError(PRODUCT, cause);
}

/** A non-2xx answer without our error envelope (a bucket or a proxy). */
export function statusError(status: number, message: string): ApiError {
  return new ApiError(status, message, { status });
}
