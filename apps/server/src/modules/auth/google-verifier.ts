import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { AppError } from '../../errors';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  picture: string | undefined;
}

export type GoogleVerifier = (idToken: string, now: Date) => Promise<GoogleIdentity>;

const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
// google-auth-library refuses tokens that claim to live longer than a day, and allows 5 minutes of skew.
const MAX_LIFETIME_S = 24 * 3600;
const CLOCK_TOLERANCE_S = 300;

/**
 * Verifies Google ID tokens (research 1.5): signature against the JWKS at `jwksUrl` (cached and
 * refetched on an unknown kid by jose), aud = our client id, iss either Google form, exp, a sane
 * lifetime, and a verified email. Any failure is INVALID_CREDENTIALS with one generic message.
 */
export function createGoogleVerifier(opts: {
  clientId: string | undefined;
  jwksUrl: string;
}): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { timeoutDuration: 5000 });
  const rejected = () => new AppError('INVALID_CREDENTIALS', 'Google sign-in failed');
  return async (idToken, now) => {
    if (!opts.clientId) throw new AppError('SERVICE_UNAVAILABLE', 'Google sign-in is not configured');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        algorithms: ['RS256'],
        issuer: ISSUERS,
        audience: opts.clientId,
        currentDate: now,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch (error) {
      // Google's keys could not be fetched (network, timeout, a non-200 answer): not the user's fault.
      const keysUnavailable = !(error instanceof errors.JOSEError) || error.code === 'ERR_JOSE_GENERIC';
      if (keysUnavailable || error instanceof errors.JWKSTimeout) {
        throw new AppError('SERVICE_UNAVAILABLE', 'Google sign-in is temporarily unavailable');
      }
      throw rejected();
    }
    const { sub, email, email_verified: verified, exp, iat } = payload;
    if (typeof exp !== 'number' || typeof iat !== 'number' || exp - iat > MAX_LIFETIME_S) throw rejected();
    if (typeof sub !== 'string' || typeof email !== 'string' || verified !== true) throw rejected();
    return {
      sub,
      email: email.trim().toLowerCase(),
      name: optional(payload.name),
      givenName: optional(payload.given_name),
      familyName: optional(payload.family_name),
      picture: optional(payload.picture),
    };
  };
}

function optional(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
