import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';

/**
 * Cookies are Secure when the product is served over HTTPS: PUBLIC_URL says so, or the request came
 * in over TLS (directly or, with trustProxy, through X-Forwarded-Proto). Secure cookies get the
 * `__Host-` prefix, which pins them to this host and path / (OWASP session cheat sheet).
 */
export function isSecureRequest(request: FastifyRequest, publicUrl: string): boolean {
  return publicUrl.startsWith('https:') || request.protocol === 'https';
}

export function cookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

/** Reads our cookie under the name this request's security level uses (never the unprefixed one over HTTPS). */
export function readCookie(request: FastifyRequest, base: string, publicUrl: string): string | undefined {
  return request.cookies[cookieName(base, isSecureRequest(request, publicUrl))];
}

export function cookieOptions(
  secure: boolean,
  httpOnly: boolean,
  maxAgeSeconds?: number,
): CookieSerializeOptions {
  return {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}
