import { request } from './http';
import { toConfig, toUser } from './normalize';
import type { PublicConfig, User } from './types';

type Raw = Record<string, unknown>;

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

export async function updateSettings(settings: {
  emailNotifications: boolean;
  preferredLanguages: string[];
}): Promise<User> {
  const body = await request<Raw>('/users/profile/', {
    method: 'PUT',
    body: {
      profile: {
        email_notifications: settings.emailNotifications,
        preferred_languages: settings.preferredLanguages,
      },
    },
  });
  return toUser(body);
}

export async function deleteAccount(): Promise<void> {
  await request('/users/profile/', { method: 'DELETE' });
}
