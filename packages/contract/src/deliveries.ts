import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { defineRoute } from './route';

/**
 * Books to reading devices by e-mail (Send to Kindle and any e-reader with an address): the user
 * saves device addresses in the settings, and sends a completed translation to one of them. The
 * EPUB goes as an attachment (Kindle takes no FB2), from a job with retries.
 */

/** The most device addresses one user keeps. */
export const MAX_DEVICE_ADDRESSES = 5;

export const DeviceAddress = z.object({
  address: z.email().max(254).toLowerCase(),
  /** Send every translation there as soon as it completes. */
  send_when_finished: z.boolean().default(false),
});
export type DeviceAddress = z.infer<typeof DeviceAddress>;

export const DeviceAddresses = z
  .array(DeviceAddress)
  .max(MAX_DEVICE_ADDRESSES, `Save at most ${MAX_DEVICE_ADDRESSES} device addresses`)
  .refine(
    (list) => new Set(list.map((d) => d.address)).size === list.length,
    'Each device address can be saved once',
  );

export const deliveryStatuses = ['queued', 'sent', 'failed'] as const;

/** One send of a translation to a device, as the translation shows it. */
export const Delivery = z
  .object({
    id: Uuid,
    translation_id: Uuid,
    address: z.string(),
    /** The file sent: always the EPUB. */
    format: z.literal('epub'),
    status: z.enum(deliveryStatuses),
    /** Why it failed, in words; null otherwise. */
    error: z.string().nullable(),
    attempts: z.number().int().min(0),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof Delivery>;

export const SendTranslationBody = z.object({
  /** One of the addresses saved in the settings (`device_addresses`). */
  address: z.email().max(254).toLowerCase(),
});

const sendTranslation = defineRoute({
  method: 'POST',
  path: '/translations/:id/send/',
  summary:
    'Send the EPUB of a completed translation to a saved device address by e-mail (202; 429 past the daily limit, 422 past the size limit)',
  auth: true,
  params: z.object({ id: Uuid }),
  body: SendTranslationBody,
  response: Delivery,
  status: 202,
});

const listDeliveries = defineRoute({
  method: 'GET',
  path: '/translations/:id/deliveries/',
  summary: 'The sends of a translation to devices, newest first, each with its state',
  auth: true,
  params: z.object({ id: Uuid }),
  response: z.object({ deliveries: z.array(Delivery) }),
});

export const deliveriesRoutes = { sendTranslation, listDeliveries } as const;
