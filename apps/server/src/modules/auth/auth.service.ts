import type { LoginRequest, OAuthCallbackRequest, RegisterRequest } from '@booktranslate/contract';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { Clock } from '../../deps';
import { AppError } from '../../errors';
import type { FreeCreditPolicy } from '../credits/free-credit-claims';
import { usersRepository } from '../users/users.repository';
import { verifyAccessToken } from './access-token';
import { findOrCreateGoogleUser } from './google-user';
import type { GoogleVerifier } from './google-verifier';
import { type IssuedSession, issueSession } from './issue-session';
import { hashPassword, verifyPassword } from './password';
import { refreshSession } from './refresh-session';
import { hashRefreshToken } from './refresh-token';
import { sessionsRepository } from './sessions.repository';

export interface AuthServiceDeps {
  db: Database;
  clock: Clock;
  accessKey: Uint8Array;
  verifyGoogle: GoogleVerifier;
  freeCredits: FreeCreditPolicy;
}

type Parsed<T extends z.ZodType> = z.output<T>;

const badCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid email or password');

/**
 * Sign-up, sign-in (password or Google), refresh. Each sign-in starts a new session family. A Google
 * account's address is proven at once; a password sign-up's waits for its confirmation link.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, accessKey } = deps;

  return {
    async register(input: Parsed<typeof RegisterRequest>): Promise<IssuedSession> {
      // Hash outside the transaction: argon2 takes tens of milliseconds and needs no rows.
      const passwordHash = await hashPassword(input.password);
      const firstName = input.first_name ?? '';
      const lastName = input.last_name ?? '';
      return db.transaction(async (tx) => {
        const user = await usersRepository.insert(tx, {
          email: input.email,
          passwordHash,
          firstName,
          lastName,
          fullName: input.full_name || `${firstName} ${lastName}`.trim(),
        });
        if (!user) throw new AppError('CONFLICT', 'An account with this email already exists');
        // No Free credits yet: they wait for the e-mailed link that proves the address (decision 218).
        return issueSession(tx, accessKey, user, clock.now());
      });
    },

    async login(input: Parsed<typeof LoginRequest>): Promise<IssuedSession> {
      const user = await usersRepository.findByEmail(db, input.email);
      // verifyPassword spends the same time when the user is unknown: no enumeration by timing.
      const ok = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !ok) throw badCredentials();
      return db.transaction((tx) => issueSession(tx, accessKey, user, clock.now()));
    },

    async loginWithProvider(input: Parsed<typeof OAuthCallbackRequest>): Promise<IssuedSession> {
      if (input.provider !== 'google') {
        throw new AppError('VALIDATION_ERROR', `Sign-in with ${input.provider} is not available yet`);
      }
      const now = clock.now();
      const identity = await deps.verifyGoogle(input.id_token, now);
      return db.transaction(async (tx) => {
        const user = await findOrCreateGoogleUser(tx, identity, now, deps.freeCredits);
        return issueSession(tx, accessKey, user, now);
      });
    },

    refresh(token: string | undefined): Promise<IssuedSession> {
      return refreshSession(db, accessKey, token, clock.now());
    },

    /** Ends the session the refresh token or the access token belongs to; unknown tokens are ignored. */
    async logout(refreshToken: string | undefined, accessToken: string | undefined): Promise<void> {
      const now = clock.now();
      const found = refreshToken
        ? await sessionsRepository.findToken(db, hashRefreshToken(refreshToken))
        : undefined;
      if (found) await sessionsRepository.revokeFamily(db, found.family.id, 'logout', now);
      const claims = accessToken ? await verifyAccessToken(accessKey, accessToken, now) : null;
      if (claims) await sessionsRepository.revokeFamily(db, claims.sessionId, 'logout', now);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
