import { CSRF_COOKIE, CSRF_HEADER } from '@booktranslate/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { readCookie } from './cookie-policy';
import { csrfMatches } from './csrf-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set `csrf: false` on routes called by other servers (the PayPal webhook), never by browsers. */
    csrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfOptions {
  secret: string;
  publicUrl: string;
  /** The session (refresh family id) the request's cookies belong to, '' for none: tokens are bound to it. */
  sessionOf(request: FastifyRequest): Promise<string>;
}

/**
 * Every write request must echo the CSRF cookie in the X-CSRF-Token header, signed for the
 * request's session (403 otherwise). Runs on the API routes only; routes opt out with
 * `config: { csrf: false }`.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, opts: CsrfOptions) => {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.csrf === false) return;
    // Fetch Metadata first (OWASP CSRF sheet): a browser tells us when a write comes from another site.
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('CSRF_FAILED', 'Cross-site requests are not allowed');
    }
    const header = request.headers[CSRF_HEADER];
    const cookie = readCookie(request, CSRF_COOKIE, opts.publicUrl);
    const session = await opts.sessionOf(request);
    if (!csrfMatches(opts.secret, typeof header === 'string' ? header : undefined, cookie, session)) {
      throw new AppError('CSRF_FAILED', 'Missing or invalid CSRF token');
    }
  });
});
