import type { ErrorCode } from '@booktranslate/contract';

/**
 * The error object of every failed call (spec section 8):
 * - the server answered: `code` is the HTTP status, `message` the server's message or 'Server error occurred';
 *   `errorCode` is the envelope's string code (switch on this, never on the message);
 * - no answer (network down, time-out): `code` 'NETWORK_ERROR';
 * - anything else: `code` 'UNKNOWN_ERROR'.
 */
export class ApiError extends Error {
  readonly code: number | 'NETWORK_ERROR' | 'UNKNOWN_ERROR';
  readonly status: number | undefined;
  readonly errorCode: ErrorCode | undefined;
  readonly details: unknown;

  constructor(
    code: ApiError['code'],
    message: string,
    extra: { status?: number; errorCode?: ErrorCode; details?: unknown; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = extra.status;
    this.errorCode = extra.errorCode;
    this.details = extra.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function networkError(productName: string, cause?: unknown): ApiError {
  return new ApiError(
    'NETWORK_ERROR',
    `Unable to connect to ${productName} servers. Please try again in a few moments.`,
    {
      cause,
    },
  );
}

export function unknownError(cause: unknown): ApiError {
  const message = cause instanceof Error && cause.message ? cause.message : 'An unexpected error occurred';
  return new ApiError('UNKNOWN_ERROR', message, { cause });
}

/** The error for a non-2xx answer, from its body text (the envelope when the server wrote one). */
export function serverError(status: number, bodyText: string): ApiError {
  let envelope: { error?: { code?: ErrorCode; message?: string; details?: unknown } } | undefined;
  try {
    envelope = JSON.parse(bodyText);
  } catch {
    envelope = undefined;
  }
  const error = envelope?.error;
  return new ApiError(status, error?.message || 'Server error occurred', {
    status,
    ...(error?.code ? { errorCode: error.code } : {}),
    ...(error?.details === undefined ? {} : { details: error.details }),
  });
}
