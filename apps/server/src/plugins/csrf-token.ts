import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed double-submit tokens bound to the session: `<nonce>.<hmac(nonce, session)>`, where the
 * session is the refresh-token family id the request's cookies belong to ('' for a visitor). The
 * signature means a cookie planted by a sibling subdomain cannot be paired with a header of the
 * attacker's choosing, and a token taken from one session fails in any other (decision 123).
 */
export function issueCsrfToken(secret: string, session: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, nonce, session)}`;
}

export function isValidCsrfToken(
  secret: string,
  token: string | undefined,
  session: string,
): token is string {
  if (!token || token.length > 128) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  return safeEqual(signature, sign(secret, nonce, session));
}

/** Header and cookie must carry the same token, validly signed for this session. */
export function csrfMatches(
  secret: string,
  header: string | undefined,
  cookie: string | undefined,
  session: string,
): boolean {
  return isValidCsrfToken(secret, cookie, session) && header !== undefined && safeEqual(header, cookie);
}

function sign(secret: string, nonce: string, session: string): string {
  return createHmac('sha256', secret).update(`csrf:${nonce}:${session}`).digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
