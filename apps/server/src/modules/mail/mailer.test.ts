import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpSink } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { mailerFor } from './mailer';

const base = {
  from: 'BookTranslate <no-reply@booktranslate.test>',
  supportEmail: 'help@x.test',
  supportPerIpPerHour: 5,
};

describe('mailerFor', () => {
  it('writes one .eml file per message under DATA_DIR/mail when no SMTP server is configured', async () => {
    const outboxDir = join(mkdtempSync(join(tmpdir(), 'bt-mail-')), 'mail');
    const mailer = mailerFor({ ...base, smtpUrl: undefined, outboxDir });
    await mailer.send({ to: 'ann@example.com', subject: 'Héllo', text: 'Bonjour, ça va ?' });
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = readFileSync(join(outboxDir, files[0] as string), 'utf8');
    expect(raw).toContain('To: ann@example.com');
    expect(raw).toContain('From: BookTranslate <no-reply@booktranslate.test>');
  });

  it('delivers over SMTP when SMTP_URL is set, with authentication', async () => {
    const sink = await startSmtpSink({ auth: { user: 'mailer', pass: 's3cret' } });
    try {
      const mailer = mailerFor({ ...base, smtpUrl: sink.url, outboxDir: '/nonexistent' });
      await mailer.send({ to: 'bob@example.com', subject: 'Ready', text: 'Your book is ready.' });
      const mail = await sink.waitFor((m) => m.subject === 'Ready');
      expect(mail).toMatchObject({
        user: 'mailer',
        to: ['bob@example.com'],
        from: 'no-reply@booktranslate.test',
      });
    } finally {
      await sink.close();
    }
  });

  it('rejects when the SMTP server refuses the login', async () => {
    const sink = await startSmtpSink({ auth: { user: 'mailer', pass: 's3cret' } });
    try {
      const wrong = sink.url.replace('s3cret', 'nope');
      const mailer = mailerFor({ ...base, smtpUrl: wrong, outboxDir: '/nonexistent' });
      await expect(mailer.send({ to: 'bob@example.com', subject: 'x', text: 'y' })).rejects.toThrow();
      expect(sink.messages).toHaveLength(0);
    } finally {
      await sink.close();
    }
  });
});
