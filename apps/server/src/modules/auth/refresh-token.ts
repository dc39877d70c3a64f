import { createHash, randomBytes } from 'node:crypto';

export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;
/** A session ends 30 days after sign-in however often it is refreshed; then the user signs in again. */
export const SESSION_MAX_AGE_S = 30 * 24 * 3600;

/** 256 random bits; only the SHA-256 hash is stored, so a database leak yields no usable token. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
