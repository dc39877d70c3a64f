import type { User } from '@booktranslate/contract';
import { ApiError } from './errors';
import { loadClient } from './loadClient';

export async function login(email: string, password: string): Promise<User> {
  const { client } = await loadClient();
  return (await client.api.auth.login({ body: { email, password } })).user;
}

export async function register(input: {
  email: string;
  password: string;
  full_name?: string;
}): Promise<User> {
  const { client } = await loadClient();
  return (await client.api.auth.register({ body: input })).user;
}

/** The spec's words (section 8) when a sign-in answer came without its user and the profile call failed. */
export const PROFILE_FETCH_FAILED = 'Failed to fetch user profile';

/** The profile call after a sign-in answer without a user failed; the cause is the call's own ApiError. */
export class ProfileFetchError extends ApiError {}

export async function googleLogin(idToken: string): Promise<User> {
  const { client } = await loadClient();
  const answer = await client.api.auth.oauthCallback({ body: { provider: 'google', id_token: idToken } });
  // Our server always sends the user; an answer with the session alone (spec section 7, another
  // server or a proxy that trims it) is completed by the profile, with the cookies just set.
  if (answer?.user) return answer.user;
  try {
    return await client.api.users.getProfile({ renew: false });
  } catch (err) {
    const code = err instanceof ApiError ? err.code : 'UNKNOWN_ERROR';
    throw new ProfileFetchError(code, PROFILE_FETCH_FAILED, { cause: err });
  }
}
