import { type FakeGoogle, startFakeGoogle } from '@booktranslate/testkit';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFamilies, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { injectClient } from '../../testing/inject-client';

describe('POST /auth/oauth_callback/ with Google ID tokens', () => {
  let t: TestApp;
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle({ clientId: 'test-google-client' });
    t = await buildTestApp({ env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  const userCount = async () => (await t.handle.db.select({ n: count() }).from(users))[0]?.n;

  async function signIn(idToken: string, provider = 'google') {
    const client = injectClient(t.app);
    await client.csrf();
    const response = await client.post('/auth/oauth_callback/', { provider, id_token: idToken });
    return { client, response };
  }

  it('creates an account with the Free credits on first sign-in and finds it again by subject', async () => {
    const token = await google.signIdToken({
      sub: 'g-100',
      email: 'Grace@Example.com',
      name: 'Grace Hopper',
      given_name: 'Grace',
      family_name: 'Hopper',
    });
    const { client, response } = await signIn(token);
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({
      email: 'grace@example.com',
      first_name: 'Grace',
      last_name: 'Hopper',
      full_name: 'Grace Hopper',
      available_credits: 2,
    });
    expect(user.picture).toMatch(/^https?:/);
    expect((await client.get('/users/profile/')).statusCode).toBe(200);

    const again = await signIn(await google.signIdToken({ sub: 'g-100', email: 'grace.new@example.com' }));
    expect(again.response.json().user.id).toBe(user.id);
    expect(again.response.json().user.available_credits).toBe(2);
  });

  it('links Google to an existing password account and drops the unverified password and its sessions', async () => {
    const owner = injectClient(t.app);
    await owner.csrf();
    const registered = await owner.post('/auth/register/', {
      email: 'linda@example.com',
      password: 'squatter password',
    });
    expect(registered.statusCode).toBe(201);
    const { response } = await signIn(await google.signIdToken({ sub: 'g-200', email: 'linda@example.com' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(registered.json().user.id);
    const [row] = await t.handle.db.select().from(users).where(eq(users.email, 'linda@example.com'));
    expect(row).toMatchObject({ googleSub: 'g-200', emailVerified: true, passwordHash: null });
    expect((await owner.get('/users/profile/')).statusCode).toBe(401);
    const login = await owner.post('/auth/login/', {
      email: 'linda@example.com',
      password: 'squatter password',
    });
    expect(login.statusCode).toBe(401);
  });

  it.each([
    ['another audience', { audience: 'someone-else' }],
    ['the wrong issuer', { issuer: 'https://evil.example' }],
    ['an expired token', { expired: true }],
    ['a foreign key', { foreignKey: true }],
    ['an unknown key id', { kid: 'nope' }],
    ['a lifetime over a day', { lifetimeSeconds: 3 * 24 * 3600 }],
  ])('rejects a token with %s: 401, no user, no session', async (_name, options) => {
    const before = await userCount();
    const [sessionsBefore] = await t.handle.db.select({ n: count() }).from(sessionFamilies);
    const token = await google.signIdToken(
      { sub: `bad-${Math.random()}`, email: `m${Math.random()}@example.com` },
      options,
    );
    const { response } = await signIn(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      error: { code: 'INVALID_CREDENTIALS', message: 'Google sign-in failed' },
    });
    expect(await userCount()).toBe(before);
    const [sessionsAfter] = await t.handle.db.select({ n: count() }).from(sessionFamilies);
    expect(sessionsAfter?.n).toBe(sessionsBefore?.n);
  });

  it('rejects an unverified email, a token signed with "none", and garbage', async () => {
    const unverified = await google.signIdToken({
      sub: 'g-300',
      email: 'eve@example.com',
      email_verified: false,
    });
    expect((await signIn(unverified)).response.statusCode).toBe(401);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        iss: google.issuer,
        aud: google.clientId,
        sub: 'g-301',
        email: 'x@example.com',
        email_verified: true,
        exp: 4e9,
        iat: 1,
      }),
    ).toString('base64url');
    expect((await signIn(`${header}.${payload}.`)).response.statusCode).toBe(401);
    expect((await signIn('garbage')).response.statusCode).toBe(401);
  });
});
