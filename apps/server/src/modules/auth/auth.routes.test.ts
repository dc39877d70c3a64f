import { count } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, sessionFamilies, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { confirmEmail } from '../../testing/email-confirmation';
import { injectClient } from '../../testing/inject-client';

describe('auth: register, login, profile, refresh, logout', () => {
  let t: TestApp;
  let now = new Date('2026-03-01T10:00:00Z');
  const password = 'correct horse battery';
  beforeAll(async () => {
    t = await buildTestApp({ clock: { now: () => now } });
  }, 60_000);
  afterAll(() => t?.close());

  const userCount = async () => (await t.handle.db.select({ n: count() }).from(users))[0]?.n;

  async function registered(email: string) {
    const client = injectClient(t.app);
    await client.csrf();
    const response = await client.post('/auth/register/', { email, password, full_name: 'Ann Reader' });
    expect(response.statusCode).toBe(201);
    return { client, body: response.json() };
  }

  it('registers a user on the Free plan, with 2 FREE credits once the address is confirmed, and serves the profile from the cookie', async () => {
    const client = injectClient(t.app);
    await client.csrf();
    const response = await client.post('/auth/register/', { email: ' Ann@Example.com ', password });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const common = {
      email: 'ann@example.com',
      full_name: 'ann@example.com',
      subscription_plan: 'free',
      subscription_status: 'active',
      billing_plan_type: null,
      preferred_languages: [],
      email_notifications: true,
    };
    expect(body.user).toMatchObject({
      ...common,
      available_credits: 0,
      credits_available: { FREE: 0, READER: 0, BOOKWORM: 0 },
      email_confirmed: false,
      free_credits_pending: 2,
    });
    expect(Date.parse(body.expires_at) - now.getTime()).toBe(15 * 60 * 1000);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/access_token=[^;]+;.*HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);

    const profile = await client.get('/users/profile/');
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual(body.user);

    await confirmEmail(client, { outboxDir: t.deps.config.mail.outboxDir }, 'ann@example.com');
    const confirmed = (await client.get('/users/profile/')).json();
    expect(confirmed).toMatchObject({
      ...common,
      available_credits: 2,
      credits_available: { FREE: 2, READER: 0, BOOKWORM: 0 },
      email_confirmed: true,
      free_credits_pending: 0,
    });
  });

  it('refuses a second account for the same email in any case, writing nothing', async () => {
    await registered('dup@example.com');
    const before = await userCount();
    const client = injectClient(t.app);
    await client.csrf();
    const response = await client.post('/auth/register/', { email: 'DUP@example.com', password });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      error: { code: 'CONFLICT', message: 'An account with this email already exists' },
    });
    expect(await userCount()).toBe(before);
  });

  it('signs in with the password and answers one generic error for a wrong password or unknown email', async () => {
    await registered('login@example.com');
    const client = injectClient(t.app);
    await client.csrf();
    const wrong = await client.post('/auth/login/', {
      email: 'login@example.com',
      password: 'nope nope nope',
    });
    const unknown = await client.post('/auth/login/', { email: 'nobody@example.com', password });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
      });
    }
    const ok = await client.post('/auth/login/', { email: 'LOGIN@example.com ', password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe('login@example.com');
    expect((await client.get('/users/profile/')).statusCode).toBe(200);
  });

  it('answers 401 without a session, with an expired token, and with a forged one', async () => {
    const anonymous = injectClient(t.app);
    expect((await anonymous.get('/users/profile/')).json().error.code).toBe('UNAUTHENTICATED');

    const { client, body } = await registered('tokens@example.com');
    const bearer = (token: string) =>
      t.app.inject({ url: '/api/v1/users/profile/', headers: { authorization: `Bearer ${token}` } });
    expect((await bearer(body.access_token)).statusCode).toBe(200);

    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(body.user.id)
      .setIssuer('booktranslate')
      .setAudience('booktranslate-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await bearer(forged)).statusCode).toBe(401);
    const [h, p, s] = body.access_token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${s}`;
    expect((await bearer(tampered)).statusCode).toBe(401);
    expect((await bearer('not-a-jwt')).statusCode).toBe(401);

    const saved = now;
    now = new Date(saved.getTime() + 16 * 60 * 1000);
    try {
      const expired = await client.get('/users/profile/');
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.code).toBe('UNAUTHENTICATED');
      // The refresh cookie brings the session back.
      const refreshed = await client.post('/auth/refresh/');
      expect(refreshed.statusCode).toBe(200);
      expect((await client.get('/users/profile/')).statusCode).toBe(200);
    } finally {
      now = saved;
    }
  });

  it('rotates refresh tokens; reusing an old one revokes the whole family', async () => {
    const { client, body } = await registered('rotate@example.com');
    const first = await client.post('/auth/refresh/', { refresh: body.refresh_token });
    expect(first.statusCode).toBe(200);
    const second = first.json();
    expect(second.refresh_token).not.toBe(body.refresh_token);
    expect(second.user.id).toBe(body.user.id);

    // An attacker replays the first token: 401, and the family is gone for everyone.
    const replay = await injectClient(t.app);
    await replay.csrf();
    const reused = await replay.post('/auth/refresh/', { refresh: body.refresh_token });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('UNAUTHENTICATED');

    const afterRevoke = await client.post('/auth/refresh/', { refresh: second.refresh_token });
    expect(afterRevoke.statusCode).toBe(401);
    const viaAccess = await t.app.inject({
      url: '/api/v1/users/profile/',
      headers: { authorization: `Bearer ${second.access_token}` },
    });
    expect(viaAccess.statusCode).toBe(401);
    const families = await t.handle.db.select().from(sessionFamilies);
    expect(families.some((family) => family.revokedReason === 'reuse')).toBe(true);
    expect((await client.post('/auth/refresh/', { refresh: 'made-up-token' })).statusCode).toBe(401);
  });

  it('logs out server-side: replaying the old cookies afterwards answers 401', async () => {
    const { client } = await registered('logout@example.com');
    const stolen = Object.fromEntries(client.cookies);
    const out = await client.post('/auth/logout/');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect(String(out.headers['set-cookie'])).toMatch(/access_token=;/);
    const replay = await t.app.inject({ url: '/api/v1/users/profile/', cookies: stolen });
    expect(replay.statusCode).toBe(401);
    expect((await client.post('/auth/refresh/', { refresh: stolen.refresh_token })).statusCode).toBe(401);
  });

  it('logs out a Bearer-token caller and never lets caches keep token bodies', async () => {
    const { body } = await registered('bearer@example.com');
    const caller = injectClient(t.app);
    await caller.csrf();
    const out = await caller.request('POST', '/auth/logout/', {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({
      url: '/api/v1/users/profile/',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(after.statusCode).toBe(401);
    const login = await caller.post('/auth/login/', { email: 'bearer@example.com', password });
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('stores refresh tokens only as hashes', async () => {
    const { body } = await registered('hash@example.com');
    const rows = await t.handle.db.select().from(refreshTokens);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.tokenHash === body.refresh_token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });
});
