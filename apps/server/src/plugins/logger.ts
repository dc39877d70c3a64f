import type { DestinationStream, LoggerOptions } from 'pino';
import { pino } from 'pino';

/** Secrets never reach the logs (ASVS 16.2.5): cookies, credentials and every token field. */
export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.refresh',
  '*.csrf_token',
];

export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: redactPaths, censor: '[redacted]' } };
}

/**
 * The server's pino logger with redaction.
 * @example const logger = createLogger('info'); // or createLogger('debug', stream) in tests
 */
export function createLogger(level: string, destination?: DestinationStream) {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}
