import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, refreshTokens, sessionFamilies, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { injectClient } from '../../testing/inject-client';

/** Hostile and broken requests: each gets its 4xx in the envelope and leaves no rows behind. */
describe('bad input on the auth endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  const counts = async () => {
    const db = t.handle.db;
    const [u] = await db.select({ n: count() }).from(users);
    const [s] = await db.select({ n: count() }).from(sessionFamilies);
    const [r] = await db.select({ n: count() }).from(refreshTokens);
    const [c] = await db.select({ n: count() }).from(creditLedger);
    return { users: u?.n, sessions: s?.n, tokens: r?.n, credits: c?.n };
  };

  async function expectRejected(
    send: () => Promise<{ statusCode: number; json: () => unknown }>,
    status: number,
    code: string,
  ) {
    const before = await counts();
    const response = await send();
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, error: { code, message: expect.any(String) } });
    expect(await counts()).toEqual(before);
    return response.json() as { error: { details?: unknown; message: string } };
  }

  it('rejects malformed JSON with 400', async () => {
    const client = injectClient(t.app);
    await client.csrf();
    await expectRejected(
      () =>
        client.request('POST', '/auth/register/', {
          payload: '{"email": "a@b.co", "password": ',
          headers: { 'content-type': 'application/json' },
        }),
      400,
      'MALFORMED_REQUEST',
    );
  });

  it('rejects prototype-poisoning JSON and absurdly long values', async () => {
    const client = injectClient(t.app);
    await client.csrf();
    await expectRejected(
      () =>
        client.request('POST', '/auth/register/', {
          payload: '{"email":"p@example.com","password":"long enough password","__proto__":{"admin":true}}',
          headers: { 'content-type': 'application/json' },
        }),
      400,
      'MALFORMED_REQUEST',
    );
    await expectRejected(
      () =>
        client.post('/auth/register/', {
          email: `${'a'.repeat(300)}@example.com`,
          password: 'long enough password',
        }),
      400,
      'VALIDATION_ERROR',
    );
    await expectRejected(
      () => client.post('/auth/register/', { email: 'long@example.com', password: 'x'.repeat(129) }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('rejects wrong types and bad values with 400 and names the field', async () => {
    const client = injectClient(t.app);
    await client.csrf();
    const wrongType = await expectRejected(
      () => client.post('/auth/register/', { email: 42, password: ['x'] }),
      400,
      'VALIDATION_ERROR',
    );
    expect(JSON.stringify(wrongType.error.details)).toContain('body.email');
    const short = await expectRejected(
      () => client.post('/auth/register/', { email: 'ann@example.com', password: 'short' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(short.error.message).toBe('Password must be at least 8 characters long');
    await expectRejected(
      () => client.post('/auth/register/', { email: 'not an email', password: 'long enough password' }),
      400,
      'VALIDATION_ERROR',
    );
    await expectRejected(
      () => client.post('/auth/oauth_callback/', { provider: 'myspace', id_token: 'x' }),
      400,
      'VALIDATION_ERROR',
    );
    await expectRejected(
      () => client.post('/auth/oauth_callback/', { provider: 'apple', id_token: 'x' }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('rejects an oversized body with 413 before parsing it', async () => {
    const client = injectClient(t.app);
    await client.csrf();
    const huge = JSON.stringify({ email: 'big@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
    await expectRejected(
      () =>
        client.request('POST', '/auth/register/', {
          payload: huge,
          headers: { 'content-type': 'application/json' },
        }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('rejects text/plain (a cross-site form could send it without a preflight) with 415', async () => {
    const client = injectClient(t.app);
    await client.csrf();
    await expectRejected(
      () =>
        client.request('POST', '/auth/register/', {
          payload: JSON.stringify({ email: 'plain@example.com', password: 'long enough password' }),
          headers: { 'content-type': 'text/plain' },
        }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('answers 403 to writes with a missing, mismatched or forged CSRF token', async () => {
    const body = { email: 'csrf@example.com', password: 'long enough password' };
    const noToken = injectClient(t.app);
    await expectRejected(() => noToken.post('/auth/register/', body), 403, 'CSRF_FAILED');

    const cookieOnly = injectClient(t.app);
    await cookieOnly.csrf();
    await expectRejected(
      () => cookieOnly.request('POST', '/auth/register/', { body, csrf: false }),
      403,
      'CSRF_FAILED',
    );

    const mismatched = injectClient(t.app);
    await mismatched.csrf();
    const other = await injectClient(t.app).csrf();
    await expectRejected(
      () =>
        mismatched.request('POST', '/auth/register/', {
          body,
          csrf: false,
          headers: { 'x-csrf-token': other },
        }),
      403,
      'CSRF_FAILED',
    );

    // The same self-made value in cookie and header: the signature gives it away.
    const forged = 'aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
    await expectRejected(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register/',
          payload: body,
          cookies: { csrf_token: forged },
          headers: { 'x-csrf-token': forged },
        }),
      403,
      'CSRF_FAILED',
    );
  });

  it('keeps the CSRF token stable across calls so tabs do not clobber each other', async () => {
    const client = injectClient(t.app);
    expect(await client.csrf()).toBe(await client.csrf());
  });

  it('treats SQL-looking strings as plain data', async () => {
    const client = injectClient(t.app);
    await client.csrf();
    const sneaky = "Robert'); DROP TABLE users;--";
    const response = await client.post('/auth/register/', {
      email: "o'brien@example.com",
      password: "' OR '1'='1' --",
      full_name: sneaky,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.full_name).toBe(sneaky);
    await expectRejected(
      () => client.post('/auth/login/', { email: "' OR 1=1 --@example.com", password: "' OR '1'='1' --" }),
      400,
      'VALIDATION_ERROR',
    );
    const login = await client.post('/auth/login/', {
      email: "o'brien@example.com",
      password: "' OR '1'='1' --",
    });
    expect(login.statusCode).toBe(200);
    await expectRejected(
      () => client.post('/auth/login/', { email: "o'brien@example.com", password: "' OR ''='" }),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('ignores fields a client has no business setting (mass assignment)', async () => {
    const client = injectClient(t.app);
    await client.csrf();
    const response = await client.post('/auth/register/', {
      email: 'mass@example.com',
      password: 'long enough password',
      available_credits: 1e9,
      subscription_plan: 'bookworm',
      email_verified: true,
      email_confirmed: true,
      free_credits_pending: 0,
    });
    expect(response.statusCode).toBe(201);
    // No credits before the e-mailed link proves the address (decision 218), whatever the body says.
    expect(response.json().user).toMatchObject({
      available_credits: 0,
      subscription_plan: 'free',
      email_confirmed: false,
      free_credits_pending: 2,
    });
  });
});
