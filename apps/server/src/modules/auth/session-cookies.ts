import { CSRF_COOKIE } from '@booktranslate/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieName, cookieOptions, isSecureRequest } from '../../plugins/cookie-policy';
import { issueCsrfToken } from '../../plugins/csrf-token';
import { ACCESS_TOKEN_TTL_S } from './access-token';
import { REFRESH_TOKEN_TTL_S } from './refresh-token';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
}

/** Sets both session cookies: httpOnly, SameSite=Lax, Secure (and `__Host-`) under HTTPS. */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  tokens: IssuedTokens,
) {
  const secure = isSecureRequest(request, publicUrl);
  reply.setCookie(
    cookieName(ACCESS_COOKIE, secure),
    tokens.accessToken,
    cookieOptions(secure, true, ACCESS_TOKEN_TTL_S),
  );
  reply.setCookie(
    cookieName(REFRESH_COOKIE, secure),
    tokens.refreshToken,
    cookieOptions(secure, true, REFRESH_TOKEN_TTL_S),
  );
}

/**
 * Clears both session cookies and replaces the CSRF token, which was bound to the session that
 * ends, with a visitor's one (decision 123).
 */
export function clearSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  csrfSecret: string,
) {
  const secure = isSecureRequest(request, publicUrl);
  for (const base of [ACCESS_COOKIE, REFRESH_COOKIE]) {
    reply.clearCookie(cookieName(base, secure), cookieOptions(secure, true));
  }
  setCsrfCookie(request, reply, publicUrl, issueCsrfToken(csrfSecret, ''));
}

export function setCsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  token: string,
) {
  const secure = isSecureRequest(request, publicUrl);
  // Readable by the page on purpose: the client copies it into the X-CSRF-Token header.
  reply.setCookie(cookieName(CSRF_COOKIE, secure), token, cookieOptions(secure, false));
}
