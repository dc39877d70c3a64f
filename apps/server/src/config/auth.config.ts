import { z } from 'zod';
import { integer, optionalString, urlWithDefault } from './env-values';

/**
 * Sign-in with Google (the OAuth client id, the token audience, and where Google's keys are fetched)
 * and how long an e-mailed address-confirmation link works.
 */
export const authConfig = z
  .object({
    GOOGLE_CLIENT_ID: optionalString(),
    GOOGLE_JWKS_URL: urlWithDefault('https://www.googleapis.com/oauth2/v3/certs'),
    EMAIL_CONFIRMATION_HOURS: integer(48, 1, 720),
  })
  .transform((env) => ({
    google: { clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL },
    emailConfirmationHours: env.EMAIL_CONFIRMATION_HOURS,
  }));
