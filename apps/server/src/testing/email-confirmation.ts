import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SmtpSink } from '@booktranslate/testkit';
import { confirmAddress } from '../modules/auth/confirm-address';
import { freeCreditPolicy } from '../modules/credits/free-credit-claims';
import { usersRepository } from '../modules/users/users.repository';
import type { TestApp } from './build-test-app';
import type { InjectClient } from './inject-client';

/** Where a test app's mail goes: an SMTP sink, or the .eml outbox under DATA_DIR/mail. */
export type MailSource = { smtp: SmtpSink } | { outboxDir: string };

/** The token of a confirmation link in a mail's text (quoted-printable soft breaks undone). */
export function confirmationTokenIn(mail: string): string | undefined {
  return mail
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
    .match(/\/confirm-email\?token=([\w-]+)/)?.[1];
}

async function confirmationMails(source: MailSource, to: string): Promise<string[]> {
  if ('smtp' in source) {
    return source.smtp.messages
      .filter((mail) => mail.to.includes(to) && mail.subject.startsWith('Confirm your'))
      .map((mail) => mail.text);
  }
  const names = (await readdir(source.outboxDir).catch(() => [] as string[])).sort();
  const mails = await Promise.all(names.map((name) => readFile(join(source.outboxDir, name), 'utf8')));
  return mails.filter((mail) => mail.includes(`To: ${to}`) && mail.includes('Subject: Confirm your'));
}

/** Waits for the `nth` confirmation mail to `to` (it is sent after the answer) and returns its token. */
export async function confirmationToken(source: MailSource, to: string, nth = 1): Promise<string> {
  for (let i = 0; i < 250; i++) {
    const token = confirmationTokenIn((await confirmationMails(source, to))[nth - 1] ?? '');
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no confirmation mail number ${nth} for ${to}`);
}

/**
 * What a new user does after signing up with a password: opens the e-mailed link, which confirms
 * the address and adds the Free credits. For tests whose subject is something else. Links of an
 * earlier account with the same address are refused by the server and skipped here.
 */
export async function confirmEmail(client: InjectClient, source: MailSource, to: string): Promise<void> {
  const tried = new Set<string>();
  let last = '';
  for (let i = 0; i < 250; i++) {
    const tokens = (await confirmationMails(source, to)).map(confirmationTokenIn).reverse();
    for (const token of tokens) {
      if (!token || tried.has(token)) continue;
      tried.add(token);
      const response = await client.post('/auth/email/confirm/', { token });
      if (response.statusCode === 200) return;
      last = `${response.statusCode} ${response.body}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no working confirmation link for ${to}${last ? ` (last answer: ${last})` : ''}`);
}

/** Confirms the address straight in the database, as the link would, without mail (same grant rule). */
export async function confirmEmailDirectly(t: Pick<TestApp, 'deps'>, userId: string): Promise<void> {
  const { db, config } = t.deps;
  const policy = freeCreditPolicy(config.sessionSecret, config.security.freeCreditClaimDays);
  await db.transaction(async (tx) => {
    await usersRepository.lock(tx, userId);
    const user = await usersRepository.findById(tx, userId);
    if (!user) throw new Error(`no user ${userId}`);
    await confirmAddress(tx, policy, user, new Date());
  });
}
