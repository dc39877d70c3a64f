import { AppError } from '../../errors';
import { translationsRepository } from '../translations';
import { usersRepository } from '../users/users.repository';
import { deliveriesRepository as deliveries } from './deliveries.repository';
import type { DeliveriesDeps } from './deliveries-deps';
import { sendTranslation } from './send-translation';

/**
 * Once a translation completes, sends it to each of its owner's devices marked "send when
 * finished", as if the owner had pressed Send. A send that is refused (the daily limit, a book too
 * large) is recorded as failed with the reason, so the translation shows why nothing arrived.
 */
export async function sendWhenFinished(deps: DeliveriesDeps, translationId: string): Promise<number> {
  const t = await translationsRepository.findById(deps.db, translationId);
  if (t?.status !== 'completed') return 0;
  const user = await usersRepository.findById(deps.db, t.userId);
  let queued = 0;
  for (const device of user?.deviceAddresses ?? []) {
    if (!device.send_when_finished) continue;
    try {
      await sendTranslation(deps, t.userId, t.id, device.address);
      queued += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const row = await deliveries.create(deps.db, {
        translationId: t.id,
        userId: t.userId,
        address: device.address,
      });
      await deliveries.recordAttempt(deps.db, row.id, { status: 'failed', error: error.message });
    }
  }
  return queued;
}
