import { request, setCsrfToken } from './http';
import { toUser } from './normalize';
import type { User } from './types';

type Raw = Record<string, unknown>;

/** Fetches the double-submit token; the server also sets it as a cookie. */
export async function fetchCsrf(): Promise<void> {
  const body = await request<Raw>('/auth/csrf/');
  const token = body?.csrf_token ?? body?.csrfToken ?? body?.token;
  setCsrfToken(typeof token === 'string' ? token : undefined);
}

async function userFrom(body: Raw | undefined): Promise<User> {
  // An answer without a user means the profile tells who signed in.
  if (body?.user) return toUser(body.user as Raw);
  try {
    return await getProfile();
  } catch {
    throw new Error('Failed to fetch user profile');
  }
}

export async function login(email: string, password: string): Promise<User> {
  return userFrom(await request<Raw>('/auth/login/', { method: 'POST', body: { email, password } }));
}

export async function register(input: {
  email: string;
  password: string;
  full_name?: string;
}): Promise<User> {
  return userFrom(await request<Raw>('/auth/register/', { method: 'POST', body: input }));
}

export async function googleLogin(idToken: string): Promise<User> {
  return userFrom(
    await request<Raw>('/auth/oauth_callback/', {
      method: 'POST',
      body: { provider: 'google', id_token: idToken },
    }),
  );
}

export async function logout(): Promise<void> {
  await request('/auth/logout/', { method: 'POST' });
}

export async function getProfile(): Promise<User> {
  return toUser(await request<Raw>('/users/profile/'));
}
