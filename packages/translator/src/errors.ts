/**
 * The one error class of the translator. `code` is what callers switch on; `retryable` tells the
 * retry layer whether the same request may succeed later; `retryAfterMs` carries a provider's
 * Retry-After so every caller backs off for as long as the provider asked.
 */
export type TranslatorErrorCode =
  | 'rate_limited'
  | 'overloaded'
  | 'timeout'
  | 'network'
  | 'truncated'
  | 'context_length'
  | 'refused'
  | 'quota_exhausted'
  | 'auth_failed'
  | 'bad_request'
  | 'bad_reply'
  | 'unsupported_language'
  | 'engine_unavailable'
  | 'aborted'
  | 'block_failed';

/** Codes that a later identical request can fix by itself. */
const RETRYABLE: ReadonlySet<TranslatorErrorCode> = new Set([
  'rate_limited',
  'overloaded',
  'timeout',
  'network',
  'bad_reply',
  'refused',
]);

export interface TranslatorErrorOptions {
  retryable?: boolean;
  retryAfterMs?: number;
  status?: number;
  cause?: unknown;
  details?: Record<string, unknown>;
}

export class TranslatorError extends Error {
  override readonly name = 'TranslatorError';
  readonly code: TranslatorErrorCode;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly status: number | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: TranslatorErrorCode, message: string, options: TranslatorErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.retryable = options.retryable ?? RETRYABLE.has(code);
    this.retryAfterMs = options.retryAfterMs;
    this.status = options.status;
    this.details = options.details;
  }
}

/** Type guard that also narrows by code: `isTranslatorError(e, 'quota_exhausted')`. */
export function isTranslatorError(error: unknown, code?: TranslatorErrorCode): error is TranslatorError {
  return error instanceof TranslatorError && (code === undefined || error.code === code);
}

/** Errors that stop the whole book at once: retrying or splitting cannot help. */
export function isFatalError(error: unknown): boolean {
  return (
    isTranslatorError(error) &&
    (error.code === 'quota_exhausted' ||
      error.code === 'auth_failed' ||
      error.code === 'aborted' ||
      error.code === 'unsupported_language' ||
      error.code === 'engine_unavailable')
  );
}
