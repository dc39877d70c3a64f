import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import type { Clock } from '../../deps';
import { AppError } from '../../errors';
import { readCookie } from '../../plugins/cookie-policy';
import { accessKey, verifyAccessToken } from './access-token';
import { ACCESS_COOKIE } from './session-cookies';
import { sessionsRepository } from './sessions.repository';

export interface RequestSession {
  userId: string;
  /** The refresh-token family this access token belongs to. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; null on public routes. */
    session: RequestSession | null;
  }
}

/** The signed-in user of a route marked `auth: true` (requireUser already ran). */
export function signedInUser(request: FastifyRequest): RequestSession {
  if (!request.session) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  return request.session;
}

export interface SessionOptions {
  db: Database;
  clock: Clock;
  sessionSecret: string;
  publicUrl: string;
}

/**
 * Decorates `request.session` and guards every route whose config says `auth: true` (the contract's
 * `auth` flag) with requireUser. The access token comes from the httpOnly cookie or, for API clients,
 * an `Authorization: Bearer` header; its session must still be active (logout and reuse revoke it).
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: SessionOptions) => {
  const key = accessKey(opts.sessionSecret);
  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const token = bearer ?? readCookie(request, ACCESS_COOKIE, opts.publicUrl);
    const now = opts.clock.now();
    const claims = token ? await verifyAccessToken(key, token, now) : null;
    if (!claims || !(await sessionsRepository.isActive(opts.db, claims.sessionId, claims.userId, now))) {
      throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    }
    request.session = claims;
  };

  app.decorateRequest('session', null);
  app.decorate('requireUser', requireUser);
  app.addHook('onRoute', (route) => {
    if (route.config?.auth !== true) return;
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [requireUser, ...existing];
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler that answers 401 unless a valid session is present; sets request.session. */
    requireUser: preHandlerAsyncHookHandler;
  }
}
