import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportMessages } from '../../db/schema/support';
import { type BillingWorld, startBillingWorld } from '../../testing/billing-test-kit';
import { injectClient } from '../../testing/inject-client';

describe('support messages', () => {
  let w: BillingWorld;
  beforeAll(async () => {
    w = await startBillingWorld({ SUPPORT_MESSAGES_PER_HOUR: '3' });
  }, 60_000);
  afterAll(() => w?.close());

  let ip = 0;
  /** A visitor with a CSRF token, from an address of its own (the app trusts loopback proxies). */
  async function visitor() {
    const client = injectClient(w.t.app);
    await client.csrf();
    const headers = { 'x-forwarded-for': `203.0.113.${++ip}` };
    return (body: unknown) => client.request('POST', '/support/messages/', { body, headers });
  }

  it('stores the trimmed message and e-mails it to the support address with the sender as Reply-To', async () => {
    const send = await visitor();
    const res = await send({
      name: '  Ann Reader ',
      email: ' Ann@Example.COM ',
      message: '  My book is stuck at 40%.  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: 'Message Sent!' });
    const [row] = await w.t.handle.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.id, res.json().id));
    expect(row).toMatchObject({
      name: 'Ann Reader',
      email: 'ann@example.com',
      message: 'My book is stuck at 40%.',
      mailStatus: 'sent',
    });
    const mail = await w.smtp.waitFor((m) => m.subject === 'Support request from Ann Reader');
    expect(mail.to).toEqual(['help@booktranslate.test']);
    expect(mail.parsed.replyTo?.value[0]?.address).toBe('ann@example.com');
    expect(mail.text).toContain('My book is stuck at 40%.');
  });

  it("answers the spec's messages for each bad field", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '   ', email: 'a@b.co', message: 'long enough text' }, 'Name is required'],
      [
        { name: 'A', email: 'a@b.co', message: 'long enough text' },
        'Name must be at least 2 characters long',
      ],
      [
        { name: 'x'.repeat(101), email: 'a@b.co', message: 'long enough text' },
        'Name cannot exceed 100 characters',
      ],
      [{ name: 'Ann', email: '', message: 'long enough text' }, 'Email is required'],
      [
        { name: 'Ann', email: 'not-an-address', message: 'long enough text' },
        'Please enter a valid email address',
      ],
      [{ name: 'Ann', email: 'a@b.co', message: '' }, 'Message is required'],
      [
        { name: 'Ann', email: 'a@b.co', message: ' short    ' },
        'Message must be at least 10 characters long',
      ],
      [{ name: 'Ann', email: 'a@b.co', message: 'y'.repeat(5001) }, 'Message cannot exceed 5000 characters'],
      [{ email: 'a@b.co', message: 'long enough text' }, 'Name is required'],
    ];
    for (const [body, message] of cases) {
      const send = await visitor();
      const res = await send(body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const send = await visitor();
    expect((await send({ name: 'Ann', email: 'a@b.co', message: 'z'.repeat(5000) })).statusCode).toBe(201);
  });

  it('keeps a header injection attempt out of the headers', async () => {
    const send = await visitor();
    const res = await send({
      name: 'Eve\r\nBcc: victim@example.com',
      email: 'eve@example.com',
      message: 'hello there, support',
    });
    expect(res.statusCode).toBe(201);
    const mail = await w.smtp.waitFor((m) => m.subject.startsWith('Support request from Eve'));
    expect(mail.envelope.to).toEqual(['help@booktranslate.test']);
    expect(mail.parsed.bcc).toBeUndefined();
  });

  it('answers 429 once an address has sent its hourly share; other addresses still get through', async () => {
    const send = await visitor();
    const body = { name: 'Spammer', email: 'spam@example.com', message: 'buy cheap watches now' };
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(body)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const stored = await w.t.handle.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.email, 'spam@example.com'));
    expect(stored).toHaveLength(3);
    const other = await visitor();
    expect((await other(body)).statusCode).toBe(201);
  });

  it("ties a signed-in sender's message to the account", async () => {
    const { client, userId } = await w.newUser();
    const res = await client.request('POST', '/support/messages/', {
      body: { name: 'Ann', email: 'other@example.com', message: 'A question about my plan.' },
      headers: { 'x-forwarded-for': '192.0.2.50' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await w.t.handle.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.id, res.json().id));
    expect(row?.userId).toBe(userId);
  });

  it('needs the CSRF token like every other write', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/v1/support/messages/',
      headers: { 'x-forwarded-for': '198.51.100.7' },
      payload: { name: 'Ann', email: 'a@b.co', message: 'long enough text' },
    });
    expect(res.statusCode).toBe(403);
  });
});
