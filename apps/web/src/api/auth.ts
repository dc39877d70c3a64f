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

export async function logout(): Promise<void> {
  await request('/auth/logout/', { method: 'POST' });
}

/** `renew: false` skips the session renewal (a visitor without a cached user has nothing to renew). */
export async function getProfile(renew = true): Promise<User> {
  return toUser(await request<Raw>('/users/profile/', { renew }));
}

/** The settings screen reads the profile afresh: `_t` keeps any cache from answering (spec section 7). */
export async function getSettings(now: () => number = Date.now): Promise<User> {
  return toUser(await request<Raw>('/users/profile/', { query: { _t: now() } }));
}
