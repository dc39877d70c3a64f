import { z } from 'zod';
import { optionalString, urlWithDefault } from './env-values';

/** Sign-in with Google: the OAuth client id (the token audience) and where Google's keys are fetched. */
export const authConfig = z
  .object({
    GOOGLE_CLIENT_ID: optionalString(),
    GOOGLE_JWKS_URL: urlWithDefault('https://www.googleapis.com/oauth2/v3/certs'),
  })
  .transform((env) => ({
    google: { clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL },
  }));
