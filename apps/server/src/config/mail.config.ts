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
  })
  .transform((env) => ({
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      supportEmail: env.SUPPORT_EMAIL ?? 'support@localhost',
      supportPerIpPerHour: env.SUPPORT_MESSAGES_PER_HOUR,
    },
  }));
