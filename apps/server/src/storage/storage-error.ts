export type StorageErrorCode = 'NOT_FOUND' | 'INVALID_KEY' | 'TOO_LARGE' | 'UNAVAILABLE';

/** Errors from any storage driver; `retryable` marks outages worth another try. */
export class StorageError extends Error {
  readonly retryable: boolean;

  constructor(
    readonly code: StorageErrorCode,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'StorageError';
    this.retryable = code === 'UNAVAILABLE';
  }
}

export function isStorageError(error: unknown, code?: StorageErrorCode): error is StorageError {
  return error instanceof StorageError && (code === undefined || error.code === code);
}
