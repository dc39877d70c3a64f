import { ApiError } from '@booktranslate/api-client';
import type { ErrorCode } from '@booktranslate/contract';

/** A failed call as the server answers it: the HTTP status, the envelope's code and its details. */
export const fail = (status: number, errorCode: ErrorCode, message: string, details?: unknown) =>
  new ApiError(status, message, { status, errorCode, ...(details === undefined ? {} : { details }) });
