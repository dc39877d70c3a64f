import { AppError } from '../../errors';
import { translatedEpub, translationsRepository } from '../translations';
import { deliveriesRepository as deliveries } from './deliveries.repository';
import type { DeliverDeps } from './deliveries-deps';
import { ensureSendable } from './send-translation';

/** A reason a person can act on, from what the mail server or the connection said. */
export function deliveryFailure(error: unknown): { reason: string; permanent: boolean } {
  const e = error as { responseCode?: number; response?: string; code?: string; message?: string };
  if (error instanceof AppError) return { reason: error.message, permanent: true };
  const said = (e.response ?? e.message ?? String(error)).replace(/\s+/g, ' ').trim().slice(0, 300);
  // An SMTP 5xx reply is final (no such mailbox, refused); 4xx and lost connections may pass later.
  if (typeof e.responseCode === 'number')
    return { reason: `The mail server refused the message: ${said}`, permanent: e.responseCode >= 500 };
  return {
    reason: `The mail server could not be reached${e.code ? ` (${e.code})` : ''}: ${said}`,
    permanent: false,
  };
}

/**
 * The job of one send: the translated EPUB (with the reader's edits) to the device address as an
 * attachment. A refusal that will not change (5xx, the book gone or too large) fails the send at
 * once with its reason; anything else is retried by the queue, and the last attempt records the
 * failure. Each attempt is counted on the send; a send that is no longer queued is left alone.
 */
export async function deliverBook(
  deps: DeliverDeps,
  deliveryId: string,
  attempt: { last: boolean },
): Promise<void> {
  const delivery = await deliveries.findById(deps.db, deliveryId);
  if (delivery?.status !== 'queued') return;
  try {
    const t = await translationsRepository.findById(deps.db, delivery.translationId);
    if (!t) throw new AppError('NOT_FOUND', 'The translation was deleted before it could be sent');
    const epub = await translatedEpub(deps, t);
    ensureSendable(epub.size, deps.mail.deviceSendMaxBytes);
    await deps.mailer.send({
      to: delivery.address,
      subject: epub.bookTitle,
      text: `${epub.bookTitle}: your translated book is attached (${epub.filename}).`,
      attachments: [
        {
          filename: epub.filename,
          content: Buffer.from(await epub.bytes()),
          contentType: 'application/epub+zip',
        },
      ],
    });
    await deliveries.recordAttempt(deps.db, deliveryId, { status: 'sent', error: null });
  } catch (error) {
    const failure = deliveryFailure(error);
    const final = failure.permanent || attempt.last;
    await deliveries.recordAttempt(deps.db, deliveryId, {
      status: final ? 'failed' : 'queued',
      error: failure.reason,
    });
    if (!final) throw error;
  }
}
