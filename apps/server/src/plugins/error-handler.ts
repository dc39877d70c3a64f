import type { ErrorCode, ErrorEnvelope } from '@booktranslate/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorStatus } from '../errors';

// Fastify's own errors that the client caused, by code: everything else with a 4xx status falls back
// to the code of its status, and anything without one is a 500 with a generic message.
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

const statusCodes: Record<number, ErrorCode> = {
  400: 'MALFORMED_REQUEST',
  401: 'UNAUTHENTICATED',
  402: 'INSUFFICIENT_CREDITS',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Turns any thrown error into the error envelope with the status of its code. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'body';
    const issues = error.validation.map((issue) => ({
      path: [context, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
      message: issue.message,
    }));
    return new AppError('VALIDATION_ERROR', issues[0]?.message ?? 'Invalid request', { issues });
  }
  const fastifyError = error as Partial<FastifyError>;
  const byCode = fastifyError.code ? fastifyCodes[fastifyError.code] : undefined;
  const status = fastifyError.statusCode ?? 500;
  const code =
    byCode ?? (status >= 400 && status < 500 ? (statusCodes[status] ?? 'MALFORMED_REQUEST') : null);
  if (code) return new AppError(code, clientMessage(code, fastifyError.message));
  return new AppError('INTERNAL_ERROR', 'Server error occurred');
}

function clientMessage(code: ErrorCode, message: string | undefined): string {
  if (code === 'PAYLOAD_TOO_LARGE') return 'Request body is too large';
  if (code === 'UNSUPPORTED_MEDIA_TYPE') return 'Unsupported content type';
  if (code === 'MALFORMED_REQUEST') return 'Malformed request body';
  return message || 'Request failed';
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  // RFC 9110 section 10.2.3: a 429 says when to come back, in seconds.
  const retryAfter = (error.details as { retry_after_s?: unknown } | undefined)?.retry_after_s;
  if (error.code === 'RATE_LIMITED' && typeof retryAfter === 'number') {
    reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
  }
  const body: ErrorEnvelope = {
    success: false,
    error: { code: error.code, message: error.message, details: error.details },
  };
  return reply.code(errorStatus[error.code]).type('application/json; charset=utf-8').send(body);
}

/** The single error handler: every failure leaves as `{success:false, error:{code,message,details}}`. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.code === 'INTERNAL_ERROR') request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code }, appError.message);
    return sendError(reply, appError);
  });
});
