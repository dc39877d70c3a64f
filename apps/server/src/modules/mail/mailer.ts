import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config/env';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Files sent along (a translated book). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  /** Sends (SMTP) or writes (.eml in the outbox); rejects when the SMTP server refuses. */
  send(mail: OutgoingMail): Promise<void>;
}

type MailConfig = Pick<Config['mail'], 'smtpUrl' | 'from' | 'outboxDir'>;

// One transport per configuration: nodemailer pools nothing by default, but building it parses the URL.
const mailers = new WeakMap<MailConfig, Mailer>();

/**
 * The product's outgoing e-mail: SMTP_URL when configured, else one `.eml` file per message under
 * DATA_DIR/mail (so a fresh install shows what it would have sent).
 * @example await mailerFor(config.mail).send({ to: 'a@b.test', subject: 'Hi', text: 'Hello' });
 */
export function mailerFor(config: MailConfig): Mailer {
  let mailer = mailers.get(config);
  if (!mailer) {
    mailer = config.smtpUrl ? smtpMailer(config) : outboxMailer(config);
    mailers.set(config, mailer);
  }
  return mailer;
}

function smtpMailer(config: MailConfig): Mailer {
  const transport: Transporter = nodemailer.createTransport(config.smtpUrl as string);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.from, ...mail });
    },
  };
}

function outboxMailer(config: MailConfig): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.from, ...mail });
      await mkdir(config.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      await writeFile(join(config.outboxDir, name), info.message as Buffer);
    },
  };
}
