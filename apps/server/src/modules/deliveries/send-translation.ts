import type { Delivery } from '@booktranslate/contract';
import { AppError } from '../../errors';
import { ownTranslation, translatedEpub } from '../translations';
import { usersRepository } from '../users/users.repository';
import { deliveriesRepository as deliveries } from './deliveries.repository';
import type { DeliveriesDeps } from './deliveries-deps';
import { deliveryView } from './delivery-view';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POST /translations/{id}/send/: queues the translated EPUB for one of the user's saved device
 * addresses (a job sends it, with retries). 404 for anyone else's translation, 409 before it
 * completes, 400 for an address not saved in the settings, 429 past the daily limit, 422 past the
 * size a device takes. Nothing is recorded when it is refused.
 */
export async function sendTranslation(
  deps: DeliveriesDeps,
  userId: string,
  id: string,
  address: string,
): Promise<Delivery> {
  const t = await ownTranslation(deps.db, userId, id);
  const user = await usersRepository.findById(deps.db, userId);
  if (!user?.deviceAddresses.some((d) => d.address === address))
    throw new AppError('VALIDATION_ERROR', 'Send to one of the device addresses saved in your settings', {
      field: 'address',
      reason: 'not-a-saved-address',
    });
  const sent = await deliveries.countSince(deps.db, userId, new Date(deps.now().getTime() - DAY_MS));
  if (sent >= deps.mail.deviceSendsPerDay)
    throw new AppError(
      'RATE_LIMITED',
      `You have sent ${deps.mail.deviceSendsPerDay} books to your devices in the last 24 hours; try again tomorrow`,
      { reason: 'daily-send-limit', limit: deps.mail.deviceSendsPerDay },
    );
  const epub = await translatedEpub(deps, t);
  ensureSendable(epub.size, deps.mail.deviceSendMaxBytes);
  const row = await deliveries.create(deps.db, { translationId: t.id, userId, address });
  await deps.jobs.send(row.id);
  return deliveryView(row);
}

/** 422 for a book larger than a device takes by e-mail. */
export function ensureSendable(size: number, maxBytes: number): void {
  if (size <= maxBytes) return;
  const mb = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;
  throw new AppError(
    'UNPROCESSABLE',
    `This book's EPUB is ${mb(size)}; a reading device takes at most ${mb(maxBytes)} by e-mail. Download it and copy it to the device instead.`,
    { reason: 'too-large', size, max: maxBytes },
  );
}
