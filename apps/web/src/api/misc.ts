import { request } from './http';
import { loadClient } from './loadClient';
import { toConfig, toUser } from './normalize';
import type { PublicConfig, User } from './types';

type Raw = Record<string, unknown>;

// Public config, stats and support are used on every page: small fetch layer (decision 071).
export async function getPublicConfig(): Promise<PublicConfig> {
  return toConfig(await request<Raw>('/config/public'));
}

export async function getStats(): Promise<Raw> {
  return request<Raw>('/dashboard/stats');
}

export async function sendSupportMessage(input: {
  name: string;
  email: string;
  message: string;
}): Promise<void> {
  await request('/support/messages/', { method: 'POST', body: input });
}

/** PUT /users/profile/ with the settings nested under `profile` (spec section 7). */
export async function updateSettings(settings: {
  emailNotifications: boolean;
  preferredLanguages: string[];
}): Promise<User> {
  const { client } = await loadClient();
  const body = {
    profile: {
      email_notifications: settings.emailNotifications,
      preferred_languages: settings.preferredLanguages,
    },
  };
  return toUser((await client.api.users.putProfile({ body })) as unknown as Raw);
}

export async function deleteAccount(): Promise<void> {
  const { client } = await loadClient();
  await client.api.users.deleteProfile();
}
