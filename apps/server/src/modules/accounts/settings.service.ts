import { type DeviceAddress, findLanguage, type User } from '@booktranslate/contract';
import type { Executor } from '../../db/database';
import type { NewUserRow, UserRow } from '../../db/schema/users';
import { AppError } from '../../errors';
import { usersRepository } from '../users/users.repository';
import { getProfile } from './profile.service';

export interface SettingsInput {
  email_notifications?: boolean | undefined;
  preferred_languages?: string[] | undefined;
  device_addresses?: DeviceAddress[] | undefined;
  email_book_when_ready?: boolean | undefined;
}

/**
 * The bare address of a From header: `BookTranslate <books@example.com>` gives books@example.com,
 * the address a Kindle account must approve.
 */
export function senderAddress(from: string): string {
  return (/<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from).trim().toLowerCase();
}

export function toSettingsDto(row: UserRow, from: string) {
  return {
    email_notifications: row.emailNotifications,
    push_notifications: false as const,
    preferred_languages: row.preferredLanguages,
    default_target_languages: row.preferredLanguages,
    device_addresses: row.deviceAddresses,
    sender_address: senderAddress(from),
    email_book_when_ready: row.emailBookWhenReady,
  };
}

function settingsChanges(input: SettingsInput): Partial<NewUserRow> {
  const changes: Partial<NewUserRow> = {};
  if (input.email_notifications !== undefined) changes.emailNotifications = input.email_notifications;
  if (input.device_addresses !== undefined) changes.deviceAddresses = input.device_addresses;
  if (input.email_book_when_ready !== undefined) changes.emailBookWhenReady = input.email_book_when_ready;
  if (input.preferred_languages !== undefined) {
    const unknown = input.preferred_languages.filter((code) => !findLanguage(code));
    if (unknown.length > 0) {
      throw new AppError('VALIDATION_ERROR', `Unknown language: ${unknown.join(', ')}`, {
        issues: [{ path: 'body.preferred_languages', message: 'Unknown language code' }],
      });
    }
    changes.preferredLanguages = input.preferred_languages.map((code) => findLanguage(code)?.code ?? code);
  }
  return changes;
}

async function mustFind(db: Executor, userId: string): Promise<UserRow> {
  const row = await usersRepository.findById(db, userId);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  return row;
}

export async function getSettings(db: Executor, userId: string, from: string) {
  return toSettingsDto(await mustFind(db, userId), from);
}

export async function updateSettings(db: Executor, userId: string, input: SettingsInput, from: string) {
  const changes = settingsChanges(input);
  const row =
    Object.keys(changes).length > 0
      ? await usersRepository.update(db, userId, changes)
      : await mustFind(db, userId);
  return toSettingsDto(row, from);
}

/** PUT /users/update_profile/: the display name only when non-empty (spec section 5), and the picture. */
export async function updateProfile(
  db: Executor,
  userId: string,
  input: { full_name?: string | undefined; picture?: string | null | undefined },
): Promise<User> {
  const changes: Partial<NewUserRow> = {};
  if (input.full_name) changes.fullName = input.full_name;
  if (input.picture !== undefined) changes.picture = input.picture;
  if (Object.keys(changes).length > 0) await usersRepository.update(db, userId, changes);
  return getProfile(db, userId);
}

/** PUT /users/profile/: settings nested under `profile` (what the settings screen sends) or at the top level. */
export async function updateProfileSettings(
  db: Executor,
  userId: string,
  body: SettingsInput & { profile?: SettingsInput | undefined; full_name?: string | undefined },
): Promise<User> {
  const input: SettingsInput = {
    email_notifications: body.profile?.email_notifications ?? body.email_notifications,
    preferred_languages: body.profile?.preferred_languages ?? body.preferred_languages,
  };
  const changes = settingsChanges(input);
  if (body.full_name) changes.fullName = body.full_name;
  if (Object.keys(changes).length > 0) await usersRepository.update(db, userId, changes);
  return getProfile(db, userId);
}
