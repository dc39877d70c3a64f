import { loadClient } from './loadClient';
import { type PublicConfig, toUser, type User } from './types';

export async function getPublicConfig(): Promise<PublicConfig> {
  const { client } = await loadClient();
  return client.api.system.publicConfig();
}

export async function sendSupportMessage(input: {
  name: string;
  email: string;
  message: string;
}): Promise<void> {
  const { client } = await loadClient();
  await client.api.support.sendSupportMessage({ body: input });
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
  return toUser(await client.api.users.putProfile({ body }));
}

export async function deleteAccount(): Promise<void> {
  const { client } = await loadClient();
  await client.api.users.deleteProfile();
}
