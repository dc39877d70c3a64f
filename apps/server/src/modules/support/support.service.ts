import type { SupportMessageBody } from '@booktranslate/contract';
import type { Config } from '../../config/env';
import type { Database } from '../../db/database';
import { supportRequestMail } from '../mail/mail-templates';
import type { Mailer } from '../mail/mailer';
import { supportRepository } from './support.repository';

interface SupportDeps {
  db: Database;
  config: Pick<Config, 'mail'>;
  mailer: Mailer;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Stores the message first (nothing is lost when mail is down), then e-mails it to SUPPORT_EMAIL
 * with Reply-To set to the sender. The sender still gets a success: support reads the stored copy.
 */
export async function sendSupportMessage(
  deps: SupportDeps,
  body: SupportMessageBody,
  from: { ip: string; userId: string | null },
) {
  const id = await supportRepository.insert(deps.db, { ...body, ip: from.ip, userId: from.userId });
  let status = 'sent';
  try {
    await deps.mailer.send(supportRequestMail({ to: deps.config.mail.supportEmail, ...body, id }));
  } catch (error) {
    status = 'failed';
    deps.log.warn({ err: error, supportMessageId: id }, 'support e-mail not sent; the message is stored');
  }
  await supportRepository.setMailStatus(deps.db, id, status);
  return { success: true as const, id, message: 'Message Sent!' };
}
