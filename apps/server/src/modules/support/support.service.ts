import type { SupportMessageBody } from '@booktranslate/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config/env';
import type { Database } from '../../db/database';
import { supportMessages } from '../../db/schema/support';
import { supportRequestMail } from '../mail/mail-templates';
import { mailerFor } from '../mail/mailer';

interface SupportDeps {
  db: Database;
  config: Config;
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
  const [row] = await deps.db
    .insert(supportMessages)
    .values({ ...body, ip: from.ip, userId: from.userId })
    .returning({ id: supportMessages.id });
  if (!row) throw new Error('support message insert returned nothing');
  let status = 'sent';
  try {
    await mailerFor(deps.config.mail).send(
      supportRequestMail({ to: deps.config.mail.supportEmail, ...body, id: row.id }),
    );
  } catch (error) {
    status = 'failed';
    deps.log.warn({ err: error, supportMessageId: row.id }, 'support e-mail not sent; the message is stored');
  }
  await deps.db.update(supportMessages).set({ mailStatus: status }).where(eq(supportMessages.id, row.id));
  return { success: true as const, id: row.id, message: 'Message Sent!' };
}
