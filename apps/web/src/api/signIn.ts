import { getProfile } from './auth';
import { loadClient } from './loadClient';
import { toUser } from './normalize';
import type { User } from './types';

type Raw = Record<string, unknown>;

async function userFrom(body: unknown): Promise<User> {
  const user = (body as Raw | undefined)?.user;
  if (user) return toUser(user as Raw);
  // An answer without a user means the profile tells who signed in.
  try {
    return await getProfile();
  } catch {
    throw new Error('Failed to fetch user profile');
  }
}

export async function login(email: string, password: string): Promise<User> {
  const { client } = await loadClient();
  return userFrom(await client.api.auth.login({ body: { email, password } }));
}

export async function register(input: {
  email: string;
  password: string;
  full_name?: string;
}): Promise<User> {
  const { client } = await loadClient();
  return userFrom(await client.api.auth.register({ body: input }));
}

export async function googleLogin(idToken: string): Promise<User> {
  const { client } = await loadClient();
  return userFrom(await client.api.auth.oauthCallback({ body: { provider: 'google', id_token: idToken } }));
}
