import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import type { Clock } from '../../deps';
import { AppError } from '../../errors';
import {
  type AppPasswordUser,
  authenticateBasic,
  authenticateToken,
} from '../app-passwords/authenticate-app-password';
import type { CatalogueThrottle } from './catalogue-throttle';

/** The realm reading apps show when they ask for the password. */
export const CATALOGUE_REALM = 'BookTranslate catalogue';

/** How a reading app signed in: the user, and the path its links keep (`/opds` or `/opds/t/{token}`). */
export interface CatalogueUser extends AppPasswordUser {
  base: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the catalogue's sign-in; null outside /opds. */
    catalogueUser: CatalogueUser | null;
  }
}

const refused = (reply: FastifyReply) => {
  // Asks clients for the e-mail and app password; the same answer for every kind of refusal.
  reply.header('www-authenticate', `Basic realm="${CATALOGUE_REALM}", charset="UTF-8"`);
  return new AppError('UNAUTHENTICATED', 'Sign in with your e-mail and an app password');
};

/** The e-mail and password of an `Authorization: Basic` header, or null. */
export function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const encoded = header?.match(/^Basic\s+([A-Za-z0-9+/=]{1,1024})\s*$/i)?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * The catalogue's only sign-in (decision 250): an app password, as HTTP Basic (the account's
 * e-mail as the user) or as the `{token}` of `/opds/t/{token}/`. The session cookie and bearer
 * tokens mean nothing here. Every refusal is the same 401 with `WWW-Authenticate: Basic`, whether
 * the address is unknown, the password wrong or revoked; failures are bounded per address and account.
 */
export function catalogueSignIn(deps: { db: Database; clock: Clock; throttle: CatalogueThrottle }) {
  return async function requireAppPassword(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = (request.params as { token?: string }).token;
    const basic = token === undefined ? basicCredentials(request.headers.authorization) : null;
    if (token === undefined && !basic) throw refused(reply);
    await deps.throttle.guard(request.ip);
    const user =
      token !== undefined
        ? await authenticateToken(deps, token)
        : await authenticateBasic(deps, basic!.user, basic!.password);
    if (!user) {
      const account =
        token !== undefined
          ? `token:${token.split('.')[0]?.slice(0, 36)}`
          : basic!.user.trim().toLowerCase().slice(0, 254);
      await deps.throttle.recordFailure(request.ip, account);
      throw refused(reply);
    }
    request.catalogueUser = {
      ...user,
      base: token !== undefined ? `/opds/t/${encodeURIComponent(token)}` : '/opds',
    };
  };
}
