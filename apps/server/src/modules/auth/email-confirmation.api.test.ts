import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type FakeGoogle, startFakeGoogle } from '@booktranslate/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConfirmationTokens } from '../../db/schema/account-security';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { confirmationToken } from '../../testing/email-confirmation';
import { browserAt, type InjectClient } from '../../testing/inject-client';

const password = 'correct horse battery';
const HOUR_MS = 3_600_000;

/** Free credits wait for the e-mailed link that proves the address (decision 218). */
describe('address confirmation and the sign-up Free credits', () => {
  let t: TestApp;
  let google: FakeGoogle;
  let mail: { outboxDir: string };
  // Near the real time: Google ID tokens are checked against this clock.
  let now = new Date();
  beforeAll(async () => {
    google = await startFakeGoogle({ clientId: 'test-google-client' });
    t = await buildTestApp({
      clock: { now: () => now },
      env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl },
    });
    mail = { outboxDir: t.deps.config.mail.outboxDir };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  let address = 0;
  /** A browser at an address of its own (the tests play the trusted proxy). */
  async function browser(ip = `203.0.113.${++address}`) {
    const b = await browserAt(t.app, ip);
    return { ...b, profile: async () => (await b.client.get('/users/profile/')).json() };
  }

  async function signUp(email: string) {
    const b = await browser();
    const response = await b.post('/auth/register/', { email, password });
    expect(response.statusCode).toBe(201);
    return { ...b, user: response.json().user };
  }

  const linksOf = async (userId: string) =>
    (
      await t.handle.db
        .select()
        .from(emailConfirmationTokens)
        .where(eq(emailConfirmationTokens.userId, userId))
    ).length;

  const confirm = async (token: string) => (await browser()).post('/auth/email/confirm/', { token });

  it('signs up with a password with no credits yet, says what is waiting, and mails a link', async () => {
    const { user, profile } = await signUp('newcomer@example.com');
    expect(user).toMatchObject({
      available_credits: 0,
      credits_available: { FREE: 0, READER: 0, BOOKWORM: 0 },
      email_confirmed: false,
      free_credits_pending: 2,
    });
    expect(await profile()).toMatchObject({ email_confirmed: false, free_credits_pending: 2 });
    const token = await confirmationToken(mail, 'newcomer@example.com');
    expect(token.length).toBeGreaterThanOrEqual(40);
    // Only a hash of the token is stored, with the address it went to.
    const rows = await t.handle.db.select().from(emailConfirmationTokens);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.find((row) => row.userId === user.id)?.email).toBe('newcomer@example.com');
  });

  it('grants the 2 Free credits once when the link is opened, in any browser; twice grants once', async () => {
    const { user, profile } = await signUp('opener@example.com');
    const token = await confirmationToken(mail, 'opener@example.com');
    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      message: 'Your address is confirmed; 2 free credits were added.',
      credits_granted: 2,
    });
    expect(await profile()).toMatchObject({
      id: user.id,
      available_credits: 2,
      credits_available: { FREE: 2, READER: 0, BOOKWORM: 0 },
      email_confirmed: true,
      free_credits_pending: 0,
    });
    const second = await confirm(token);
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'This confirmation link was already used.',
      details: { reason: 'used' },
    });
    expect((await profile()).available_credits).toBe(2);
  });

  it('refuses an unknown or expired link with a clear 400 and grants nothing', async () => {
    const unknown = await confirm('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.reason).toBe('invalid');

    const { profile } = await signUp('late@example.com');
    const token = await confirmationToken(mail, 'late@example.com');
    now = new Date(now.getTime() + 48 * HOUR_MS + 1000);
    try {
      const expired = await confirm(token);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'This confirmation link has expired. Ask for a new one from your library.',
        details: { reason: 'expired' },
      });
    } finally {
      now = new Date(now.getTime() - 48 * HOUR_MS - 1000);
    }
    expect(await profile()).toMatchObject({ available_credits: 0, email_confirmed: false });
  });

  it('refuses a link sent to an address the account no longer uses', async () => {
    const { user, profile } = await signUp('before@example.com');
    const token = await confirmationToken(mail, 'before@example.com');
    await t.handle.db.update(users).set({ email: 'after@example.com' }).where(eq(users.id, user.id));
    const changed = await confirm(token);
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error.details.reason).toBe('address_changed');
    expect(await profile()).toMatchObject({ available_credits: 0, email_confirmed: false });
  });

  it('grants nothing to an address that had the credits before its account was deleted', async () => {
    const first = await signUp('returning@example.com');
    expect((await confirm(await confirmationToken(mail, 'returning@example.com'))).statusCode).toBe(200);
    expect((await first.client.request('DELETE', '/users/profile/')).statusCode).toBe(200);
    const again = await signUp('returning@example.com');
    const token = await confirmationToken(mail, 'returning@example.com', 2);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ credits_granted: 0 });
    expect(confirmed.json().message).toMatch(/^Your address is confirmed\./);
    expect(await again.profile()).toMatchObject({ available_credits: 0, email_confirmed: true });
  });

  it('still grants the credits at once to a Google sign-up, with no link to open', async () => {
    const b = await browser();
    const response = await b.post('/auth/oauth_callback/', {
      provider: 'google',
      id_token: await google.signIdToken({ sub: 'g-confirmed', email: 'gina@example.com' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      available_credits: 2,
      email_confirmed: true,
      free_credits_pending: 0,
    });
    expect(await linksOf(response.json().user.id)).toBe(0);
  });

  it('gives the waiting credits when Google proves an unconfirmed password account', async () => {
    const { client } = await signUp('both@example.com');
    const linked = await (await browser()).post('/auth/oauth_callback/', {
      provider: 'google',
      id_token: await google.signIdToken({ sub: 'g-both', email: 'both@example.com' }),
    });
    expect(linked.json().user).toMatchObject({ available_credits: 2, email_confirmed: true });
    // Google dropped the unproven password's sessions; the link it was mailed is void too.
    expect((await client.get('/users/profile/')).statusCode).toBe(401);
    const token = await confirmationToken(mail, 'both@example.com');
    expect((await confirm(token)).json().error.details.reason).toBe('used');
  });

  it('gives the waiting credits when a password-reset link proves the mailbox', async () => {
    const { post } = await signUp('forgot@example.com');
    expect((await post('/auth/password-reset/', { email: 'forgot@example.com' })).statusCode).toBe(202);
    let resetToken: string | undefined;
    for (let i = 0; i < 250 && !resetToken; i++) {
      const names = (await readdir(mail.outboxDir).catch(() => [] as string[])).sort();
      for (const name of names) {
        const text = (await readFile(join(mail.outboxDir, name), 'utf8')).replace(/=\r?\n/g, '');
        if (text.includes('To: forgot@example.com')) {
          resetToken = text.replace(/=3D/g, '=').match(/reset-password#token=([\w-]+)/)?.[1] ?? resetToken;
        }
      }
      if (!resetToken) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const reset = await post('/auth/password-reset/confirm/', {
      token: resetToken,
      password: 'a new long password',
    });
    expect(reset.statusCode).toBe(200);
    const signedIn = await (await browser()).post('/auth/login/', {
      email: 'forgot@example.com',
      password: 'a new long password',
    });
    expect(signedIn.json().user).toMatchObject({ available_credits: 2, email_confirmed: true });
  });

  describe('asking for the link again', () => {
    it('mails a fresh link; the older one still works, and either grants once', async () => {
      const { post, profile } = await signUp('resender@example.com');
      const resent = await post('/auth/email/resend/');
      expect(resent.statusCode).toBe(202);
      expect(resent.json()).toEqual({
        success: true,
        message: 'We sent a new link to resender@example.com. It works for 48 hours.',
      });
      const older = await confirmationToken(mail, 'resender@example.com', 1);
      const fresh = await confirmationToken(mail, 'resender@example.com', 2);
      expect(fresh).not.toBe(older);
      expect((await confirm(older)).json().credits_granted).toBe(2);
      expect((await confirm(fresh)).json().error.details.reason).toBe('used');
      expect((await profile()).available_credits).toBe(2);
      const again = await post('/auth/email/resend/');
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({
        code: 'CONFLICT',
        message: 'Your e-mail address is already confirmed.',
      });
    });

    it('needs a session and the anti-forgery token', async () => {
      const visitor = await browser();
      expect((await visitor.post('/auth/email/resend/')).statusCode).toBe(401);
      const { client } = await signUp('forged@example.com');
      const forged = await client.request('POST', '/auth/email/resend/', { csrf: false });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().error.code).toBe('CSRF_FAILED');
    });

    it('sends at most 3 links per account per hour, the sign-up one included', async () => {
      const { post, user } = await signUp('eager@example.com');
      expect((await post('/auth/email/resend/')).statusCode).toBe(202);
      expect((await post('/auth/email/resend/')).statusCode).toBe(202);
      const refused = await post('/auth/email/resend/');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect(refused.json().error.details.retry_after_s).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await linksOf(user.id)).toBe(3);
    });

    it('answers at most 20 requests per client address per hour, whatever the accounts', async () => {
      const ip = '198.18.0.9';
      const fromThere = (client: InjectClient) =>
        client.request('POST', '/auth/email/resend/', { headers: { 'x-forwarded-for': ip } });
      const first = await signUp('first@example.com');
      for (let i = 0; i < 20; i++) await fromThere(first.client);
      const refused = await fromThere(first.client);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe('Too many requests. Please try again later.');
      // Another account behind the same address waits too; from elsewhere it is served.
      const other = await signUp('other@example.com');
      expect((await fromThere(other.client)).statusCode).toBe(429);
      expect((await other.post('/auth/email/resend/')).statusCode).toBe(202);
    });
  });
});
