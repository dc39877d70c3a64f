import { z } from 'zod';
import { optionalString } from './env-values';

/** Outgoing e-mail: SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail. */
export const mailConfig = z
  .object({
    SMTP_URL: optionalString().pipe(
      z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional(),
    ),
    MAIL_FROM: optionalString().transform((value) => value ?? 'BookTranslate <no-reply@localhost>'),
    SUPPORT_EMAIL: optionalString().pipe(z.email().optional()),
  })
  .transform((env) => ({
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      supportEmail: env.SUPPORT_EMAIL ?? 'support@localhost',
    },
  }));
