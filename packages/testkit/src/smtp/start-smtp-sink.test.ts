import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from './start-smtp-sink';

describe('startSmtpSink', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('receives and parses what nodemailer sends', async () => {
    const transport = nodemailer.createTransport(sink.url);
    const waiting = sink.waitFor((mail) => mail.subject === 'Your translation is ready');
    await transport.sendMail({
      from: '"BookTranslate" <no-reply@booktranslate.test>',
      to: 'Ann@Example.com',
      subject: 'Your translation is ready',
      text: 'Крейсер «Аврора» is translated.',
      html: '<p>Крейсер «Аврора» is <b>translated</b>.</p>',
    });
    const mail = await waiting;
    expect(mail).toMatchObject({
      from: 'no-reply@booktranslate.test',
      to: ['ann@example.com'],
      envelope: { from: 'no-reply@booktranslate.test', to: ['ann@example.com'] },
      user: null,
    });
    expect(mail.text.trim()).toBe('Крейсер «Аврора» is translated.');
    expect(mail.html).toContain('<b>translated</b>');
    expect(sink.messages).toHaveLength(1);
  });

  it('times out with a list of what did arrive', async () => {
    await expect(sink.waitFor((mail) => mail.subject === 'never', 100)).rejects.toThrow(
      /Your translation is ready/,
    );
    sink.clear();
    expect(sink.messages).toHaveLength(0);
  });

  it('can require SMTP authentication', async () => {
    const secured = await startSmtpSink({ auth: { user: 'mailer', pass: 's3cret' } });
    try {
      const wrong = nodemailer.createTransport({
        host: secured.host,
        port: secured.port,
        auth: { user: 'mailer', pass: 'nope' },
      });
      await expect(
        wrong.sendMail({ from: 'a@x.test', to: 'b@x.test', subject: 'x', text: 'x' }),
      ).rejects.toThrow();
      await nodemailer
        .createTransport(secured.url)
        .sendMail({ from: 'a@x.test', to: 'b@x.test', subject: 'ok', text: 'x' });
      expect((await secured.waitFor()).user).toBe('mailer');
    } finally {
      await secured.close();
    }
  });
});
