import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed double-submit tokens: `<nonce>.<hmac(nonce)>`. The signature means a cookie planted by a
 * sibling subdomain cannot be paired with a header of the attacker's choosing (OWASP CSRF sheet).
 */
export function issueCsrfToken(secret: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, nonce)}`;
}

export function isValidCsrfToken(secret: string, token: string | undefined): token is string {
  if (!token || token.length > 128) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  return safeEqual(signature, sign(secret, nonce));
}

/** Header and cookie must carry the same, validly signed token. */
export function csrfMatches(secret: string, header: string | undefined, cookie: string | undefined): boolean {
  return isValidCsrfToken(secret, cookie) && header !== undefined && safeEqual(header, cookie);
}

function sign(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`csrf:${nonce}`).digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
