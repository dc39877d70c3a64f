import type {
  AppPassword,
  CreatedAppPassword,
  Delivery,
  DeviceAddress,
  RouteOutput,
  routes,
} from '@booktranslate/contract';
import { loadClient } from './loadClient';

/** GET /user/settings/: device addresses, the sender to approve, the book by e-mail. */
export type UserSettings = RouteOutput<typeof routes.users.getSettings>;

/** The signed-in user's reading-app passwords, never their secrets. */
export async function listAppPasswords(): Promise<AppPassword[]> {
  const { client } = await loadClient();
  return (await client.api.appPasswords.listAppPasswords()).items;
}

/** A new reading-app password: the answer is the only time its secret is shown. */
export async function createAppPassword(name: string): Promise<CreatedAppPassword> {
  const { client } = await loadClient();
  return client.api.appPasswords.createAppPassword({ body: { name } });
}

/** Revokes a reading-app password at once. */
export async function revokeAppPassword(id: string): Promise<void> {
  const { client } = await loadClient();
  await client.api.appPasswords.revokeAppPassword({ params: { id } });
}

/** The settings the reading devices use (GET /user/settings/). */
export async function getUserSettings(): Promise<UserSettings> {
  const { client } = await loadClient();
  return client.api.users.getSettings();
}

/** Writes the device addresses (the whole list) and the book-by-e-mail choice. */
export async function saveDeviceSettings(settings: {
  device_addresses?: DeviceAddress[];
  email_book_when_ready?: boolean;
}): Promise<UserSettings> {
  const { client } = await loadClient();
  return client.api.users.putSettings({ body: settings });
}

/** Sends a completed translation's EPUB to a saved device address; the send starts queued. */
export async function sendToDevice(translationId: string, address: string): Promise<Delivery> {
  const { client } = await loadClient();
  return client.api.deliveries.sendTranslation({ params: { id: translationId }, body: { address } });
}

/** A translation's sends to devices, newest first. */
export async function listDeliveries(translationId: string): Promise<Delivery[]> {
  const { client } = await loadClient();
  return (await client.api.deliveries.listDeliveries({ params: { id: translationId } })).deliveries;
}
