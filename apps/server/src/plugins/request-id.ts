import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Request ids: a caller's `X-Request-Id` is kept when it looks like an id (so a proxy's id follows
 * the request through our logs), otherwise a fresh UUID. The id is echoed in the response header.
 */
export function genRequestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}
