import type { User } from '@booktranslate/contract';
import { loadClient } from './loadClient';

/** Fetches the double-submit token; the server also sets it as a cookie. */
export async function fetchCsrf(): Promise<void> {
  const { client } = await loadClient();
  await client.csrfToken();
}

export async function logout(): Promise<void> {
  const { client } = await loadClient();
  await client.api.auth.logout();
  client.reset();
}

/** `renew: false` skips the session renewal (a visitor without a cached user has nothing to renew). */
export async function getProfile(renew = true): Promise<User> {
  const { client } = await loadClient();
  return client.api.users.getProfile({ renew });
}

/** The settings screen reads the profile afresh: `_t` keeps any cache from answering (spec section 7). */
export async function getSettings(now: () => number = Date.now): Promise<User> {
  const { client } = await loadClient();
  return client.api.users.getProfile({ query: { _t: String(now()) } });
}
