import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { VerifiedTokens } from './verified-tokens';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
const ISSUER = 'booktranslate';
const AUDIENCE = 'booktranslate-api';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** A key of its own for access tokens, derived from SESSION_SECRET so one secret serves every use. */
export function accessKey(sessionSecret: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', sessionSecret).update('access-token-v1').digest());
}

/** Signs a short-lived HS256 access token naming the user and their session (refresh family). */
export async function signAccessToken(key: Uint8Array, claims: AccessClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .sign(key);
}

const verifiedTokens = new VerifiedTokens<AccessClaims>();

/** The claims of a valid token, or null for anything expired, forged, malformed or of another kind. */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  const known = verifiedTokens.get(key, token, now);
  if (known) return known;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    const claims = { userId: payload.sub, sessionId: payload.sid };
    if (typeof payload.exp === 'number') verifiedTokens.add(key, token, claims, payload.exp);
    return claims;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
