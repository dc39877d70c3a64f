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

/** Query parameters that authorise a signed link: ours (`sig`) and S3's presigned ones. */
const SIGNED_PARAMS =
  /([?&](?:sig|signature|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&#]*/gi;

/** A URL as it may be logged: the signature of a signed link replaced, the rest kept for debugging. */
export function redactSignedUrl(url: string): string {
  return url.replace(SIGNED_PARAMS, '$1[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Fastify's request serializer without the link signatures (ASVS 16.2.5): a signed download or
 * upload link in a log line would let whoever reads the logs fetch the file until it expires.
 */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactSignedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: { req: serializeRequest as (value: unknown) => unknown },
  };
}

/**
 * Standard output, written in blocks of 4 KB or at least once a second instead of one write per
 * line: at `info` every request logs a line, and a write each was 4% of the API's CPU under
 * bench:load (decision 293). What is buffered is written when the process exits, crash included.
 */
export function bufferedStdout(): DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
}

/**
 * The server's pino logger with redaction, on buffered standard output unless told otherwise.
 * @example const logger = createLogger('info'); // or createLogger('debug', stream) in tests
 */
export function createLogger(level: string, destination: DestinationStream = bufferedStdout()) {
  return pino(loggerOptions(level), destination);
}
