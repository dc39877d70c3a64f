import { z } from 'zod';
import { integer, optionalString } from './env-values';

/** Outgoing e-mail: SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail. */
export const mailConfig = z
  .object({
    SMTP_URL: optionalString().pipe(
      z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional(),
    ),
    MAIL_FROM: optionalString().transform((value) => value ?? 'BookTranslate <no-reply@localhost>'),
    SUPPORT_EMAIL: optionalString().pipe(z.email().optional()),
    SUPPORT_MESSAGES_PER_HOUR: integer(5, 1, 10_000),
    // Books sent to reading devices per user and day (Send to Kindle).
    DEVICE_SENDS_PER_DAY: integer(20, 1, 10_000),
    // The largest EPUB sent to a device: Amazon takes 50 MB per message, and base64 adds a third.
    DEVICE_SEND_MAX_MB: integer(35, 1, 1_000),
    // The largest EPUB attached to the completion e-mail; a larger one goes as a signed link.
    MAIL_BOOK_ATTACHMENT_MAX_MB: integer(15, 1, 1_000),
  })
  .transform((env) => ({
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      supportEmail: env.SUPPORT_EMAIL ?? 'support@localhost',
      supportPerIpPerHour: env.SUPPORT_MESSAGES_PER_HOUR,
      deviceSendsPerDay: env.DEVICE_SENDS_PER_DAY,
      deviceSendMaxBytes: env.DEVICE_SEND_MAX_MB * 1024 * 1024,
      bookAttachmentMaxBytes: env.MAIL_BOOK_ATTACHMENT_MAX_MB * 1024 * 1024,
    },
  }));
