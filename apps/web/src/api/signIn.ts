import { loadClient } from './loadClient';
import { toUser, type User } from './types';

export async function login(email: string, password: string): Promise<User> {
  const { client } = await loadClient();
  return toUser((await client.api.auth.login({ body: { email, password } })).user);
}

export async function register(input: {
  email: string;
  password: string;
  full_name?: string;
}): Promise<User> {
  const { client } = await loadClient();
  return toUser((await client.api.auth.register({ body: input })).user);
}

export async function googleLogin(idToken: string): Promise<User> {
  const { client } = await loadClient();
  const answer = await client.api.auth.oauthCallback({ body: { provider: 'google', id_token: idToken } });
  return toUser(answer.user);
}
