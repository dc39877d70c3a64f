import type { PublicConfig, User } from '@booktranslate/contract';
import { loadClient } from './loadClient';

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
export async function updateSettings(
  settings: Pick<User, 'email_notifications' | 'preferred_languages'>,
): Promise<User> {
  const { client } = await loadClient();
  return client.api.users.putProfile({ body: { profile: settings } });
}

export async function deleteAccount(): Promise<void> {
  const { client } = await loadClient();
  await client.api.users.deleteProfile();
}
