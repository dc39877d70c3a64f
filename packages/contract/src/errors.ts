import { z } from 'zod';
import { bookRefusalReasons } from './book-refusals';

/**
 * Every error code the API answers with. The web app switches on these, never on message text.
 * The HTTP status for each code is fixed in apps/server/src/errors.ts.
 */
export const errorCodes = [
  'VALIDATION_ERROR', // 400: the request does not match its schema
  'MALFORMED_REQUEST', // 400: the body is not parseable (broken JSON, bad encoding)
  'UNAUTHENTICATED', // 401: no session, or the session expired or was revoked
  'INVALID_CREDENTIALS', // 401: wrong email or password, or a rejected identity token
  'INSUFFICIENT_CREDITS', // 402
  'CSRF_FAILED', // 403: missing or mismatched anti-forgery token
  'FORBIDDEN', // 403
  'NOT_FOUND', // 404: also for records that belong to another user
  'CONFLICT', // 409: e.g. the email is already registered
  'PAYLOAD_TOO_LARGE', // 413
  'STORAGE_QUOTA_EXCEEDED', // 413: the user's stored books would pass the plan's storage
  'UNSUPPORTED_MEDIA_TYPE', // 415
  'UNPROCESSABLE', // 422: e.g. an unreadable book
  'RATE_LIMITED', // 429
  'INTERNAL_ERROR', // 500
  'SERVICE_UNAVAILABLE', // 503
] as const;

export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The one error body: `{ success: false, error: { code, message, details } }`. */
export const ErrorEnvelope = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: ErrorCode,
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/**
 * `error.details` of a 422 (UNPROCESSABLE) refusing an uploaded book (POST /books/, POST
 * /translations/quote/, a direct upload's book): why, one of `bookRefusalReasons`, each worded in
 * `bookRefusalWords`. The message carries the server's sentence and the reader's detail.
 */
export const BookRefusalDetails = z.object({ reason: z.enum(bookRefusalReasons) });
export type BookRefusalDetails = z.infer<typeof BookRefusalDetails>;

/** A plain acknowledgement for calls that have nothing else to say. */
export const OkResponse = z.object({ success: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;
