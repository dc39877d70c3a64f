import type { LoginResponse } from '@booktranslate/contract';
import type { Executor } from '../../db/database';
import type { UserRow } from '../../db/schema/users';
import { creditsRepository } from '../credits/credits.repository';
import { freeCreditsPending } from '../credits/credits.service';
import { toUserDto } from '../users/to-user-dto';
import { ACCESS_TOKEN_TTL_S, signAccessToken } from './access-token';
import { newRefreshToken, REFRESH_TOKEN_TTL_S, SESSION_MAX_AGE_S } from './refresh-token';
import { sessionsRepository } from './sessions.repository';

/** A login response plus the raw tokens the route puts into cookies. */
export interface IssuedSession {
  body: LoginResponse;
  accessToken: string;
  refreshToken: string;
  /** The session family: CSRF tokens are bound to it. */
  sessionId: string;
}

const seconds = (now: Date, s: number) => new Date(now.getTime() + s * 1000);

/**
 * Starts a new session family for `user` (every sign-in gets fresh tokens: no session fixation) or,
 * with `familyId`, continues one after a refresh. The refresh token never outlives its family.
 */
export async function issueSession(
  db: Executor,
  key: Uint8Array,
  user: UserRow,
  now: Date,
  family?: { id: string; expiresAt: Date },
): Promise<IssuedSession> {
  const familyId =
    family?.id ?? (await sessionsRepository.createFamily(db, user.id, seconds(now, SESSION_MAX_AGE_S)));
  const familyEnd = family?.expiresAt ?? seconds(now, SESSION_MAX_AGE_S);
  const refresh = newRefreshToken();
  const refreshEnd = new Date(Math.min(seconds(now, REFRESH_TOKEN_TTL_S).getTime(), familyEnd.getTime()));
  await sessionsRepository.addToken(db, familyId, refresh.hash, refreshEnd);
  const accessToken = await signAccessToken(key, { userId: user.id, sessionId: familyId }, now);
  const balances = await creditsRepository.balances(db, user.id);
  return {
    accessToken,
    refreshToken: refresh.token,
    sessionId: familyId,
    body: {
      access_token: accessToken,
      refresh_token: refresh.token,
      expires_at: seconds(now, ACCESS_TOKEN_TTL_S).toISOString(),
      user: toUserDto(user, balances, await freeCreditsPending(db, user)),
    },
  };
}
