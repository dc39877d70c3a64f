import type { FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import type { Database } from '../../db/database';
import { readCookie } from '../../plugins/cookie-policy';
import { accessKey } from './access-token';
import { hashRefreshToken } from './refresh-token';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './session-cookies';
import { sessionsRepository } from './sessions.repository';

/**
 * The session a request's cookies belong to, for binding CSRF tokens (decision 123): the family id
 * in the access-token cookie (signature checked, expiry not: the family outlives one access token),
 * else the family of the refresh-token cookie, else '' (a visitor). Only cookies count: they are
 * what a forged cross-site request would carry; a Bearer header is never sent by a browser on its own.
 */
export function sessionBinding(opts: { db: Database; sessionSecret: string; publicUrl: string }) {
  const key = accessKey(opts.sessionSecret);
  return async (request: FastifyRequest): Promise<string> => {
    const access = readCookie(request, ACCESS_COOKIE, opts.publicUrl);
    if (access) {
      try {
        // The epoch as "now": every token is still within its lifetime then; only the signature counts.
        const { payload } = await jwtVerify(access, key, { algorithms: ['HS256'], currentDate: new Date(0) });
        if (typeof payload.sid === 'string') return payload.sid;
      } catch {
        // A forged or malformed cookie names no session; the refresh cookie may.
      }
    }
    const refresh = readCookie(request, REFRESH_COOKIE, opts.publicUrl);
    if (!refresh || refresh.length > 512) return '';
    const found = await sessionsRepository.findToken(opts.db, hashRefreshToken(refresh));
    return found?.family.id ?? '';
  };
}
