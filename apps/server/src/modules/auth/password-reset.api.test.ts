import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema/account-security';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { injectClient } from '../../testing/inject-client';

const password = 'correct horse battery';
const SAME_ANSWER = {
  success: true,
  message:
    'If an account exists for this address, we have sent it a link to choose a new password. The link works for one hour.',
};

describe('password reset by e-mailed link', () => {
  let t: TestApp;
  let now = new Date('2026-06-01T09:00:00Z');
  beforeAll(async () => {
    t = await buildTestApp({ clock: { now: () => now } });
  }, 60_000);
  afterAll(() => t?.close());

  let address = 0;
  async function browser() {
    const client = injectClient(t.app);
    await client.csrf();
    const headers = { 'x-forwarded-for': `192.0.2.${++address}` };
    return (url: string, body?: unknown) => client.request('POST', url, { body, headers });
  }

  /** Every e-mail written to the outbox so far, oldest first. */
  async function outbox(): Promise<string[]> {
    const dir = t.deps.config.mail.outboxDir;
    const names = (await readdir(dir).catch(() => [] as string[])).sort();
    return Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
  }
  /** Waits for the reset mail to `to` (it is sent after the answer) and returns the link's token. */
  async function resetToken(to: string, nth = 1): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const mails = (await outbox()).filter((m) => m.includes(`To: ${to}`) && m.includes('Reset your'));
      const mail = mails[nth - 1];
      if (mail) {
        const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const token = unfolded.match(/\/reset-password#token=([\w-]+)/)?.[1];
        if (token) return token;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no reset mail for ${to}`);
  }

  it('answers the same for a known and an unknown address and mails only the known one', async () => {
    const post = await browser();
    await post('/auth/register/', { email: 'reader@example.com', password });
    const known = await post('/auth/password-reset/', { email: ' Reader@Example.com ' });
    const unknown = await post('/auth/password-reset/', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(SAME_ANSWER);
    expect(unknown.json()).toEqual(SAME_ANSWER);
    const token = await resetToken('reader@example.com');
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect((await outbox()).some((m) => m.includes('nobody@example.com'))).toBe(false);
    // Only a hash of the token is stored.
    const rows = await t.handle.db.select().from(passwordResetTokens);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('sets the password once, ends every session and voids the other links', async () => {
    const post = await browser();
    await post('/auth/register/', { email: 'once@example.com', password });
    const signedIn = injectClient(t.app);
    await signedIn.csrf();
    expect((await signedIn.post('/auth/login/', { email: 'once@example.com', password })).statusCode).toBe(
      200,
    );
    expect((await signedIn.get('/users/profile/')).statusCode).toBe(200);

    await post('/auth/password-reset/', { email: 'once@example.com' });
    await post('/auth/password-reset/', { email: 'once@example.com' });
    const first = await resetToken('once@example.com', 1);
    const second = await resetToken('once@example.com', 2);

    const changed = await post('/auth/password-reset/confirm/', {
      token: first,
      password: 'a brand new secret',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ success: true });
    // Sessions that existed are over; the old password no longer works, the new one does.
    expect((await signedIn.get('/users/profile/')).statusCode).toBe(401);
    expect((await post('/auth/login/', { email: 'once@example.com', password })).statusCode).toBe(401);
    expect(
      (await post('/auth/login/', { email: 'once@example.com', password: 'a brand new secret' })).statusCode,
    ).toBe(200);

    for (const token of [first, second]) {
      const reused = await post('/auth/password-reset/confirm/', { token, password: 'yet another secret' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect(
      (await outbox()).some((m) => m.includes('To: once@example.com') && m.includes('was changed')),
    ).toBe(true);
  });

  it('refuses a link after an hour, and a link issued before the password changed', async () => {
    const post = await browser();
    await post('/auth/register/', { email: 'late@example.com', password });
    await post('/auth/password-reset/', { email: 'late@example.com' });
    const token = await resetToken('late@example.com');
    now = new Date(now.getTime() + 61 * 60_000);
    const late = await post('/auth/password-reset/confirm/', { token, password: 'too late a secret' });
    expect(late.statusCode).toBe(400);

    await post('/auth/password-reset/', { email: 'late@example.com' });
    const fresh = await resetToken('late@example.com', 2);
    // The password changes by another way (here: straight in the database) after the link was sent.
    await t.handle.db
      .update(users)
      .set({ passwordHash: 'changed' })
      .where(eq(users.email, 'late@example.com'));
    const stale = await post('/auth/password-reset/confirm/', {
      token: fresh,
      password: 'stale link secret',
    });
    expect(stale.statusCode).toBe(400);
  });

  it('sends at most three mails per account an hour and limits requests per address, answering alike', async () => {
    const post = await browser();
    await post('/auth/register/', { email: 'flood@example.com', password });
    for (let i = 0; i < 5; i++) {
      const response = await post('/auth/password-reset/', { email: 'flood@example.com' });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(SAME_ANSWER);
    }
    await resetToken('flood@example.com', 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const mails = (await outbox()).filter(
      (m) => m.includes('To: flood@example.com') && m.includes('Reset your'),
    );
    expect(mails).toHaveLength(3);

    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await post('/auth/password-reset/', { email: `someone${i}@example.com` })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('needs the CSRF token and a password of at least 8 characters', async () => {
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/',
      payload: { email: 'reader@example.com' },
    });
    expect(noToken.statusCode).toBe(403);
    const post = await browser();
    const short = await post('/auth/password-reset/confirm/', { token: 'x'.repeat(43), password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Password must be at least 8 characters long');
  });
});
