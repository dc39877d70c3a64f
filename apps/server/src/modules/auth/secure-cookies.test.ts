import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';

/** Served as https://…: cookies are Secure with the __Host- prefix, and plain-named ones are ignored. */
describe('session cookies under HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { PUBLIC_URL: 'https://books.example' },
      rateLimits: { authPerIpPerMinute: 3 },
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('sets __Host- Secure cookies and reads only those', async () => {
    const csrf = await t.app.inject({ url: '/api/v1/auth/csrf/' });
    const csrfCookie = csrf.cookies.find((c) => c.name === '__Host-csrf_token');
    expect(csrfCookie).toMatchObject({ secure: true, path: '/', sameSite: 'Lax' });
    expect(csrfCookie?.httpOnly).toBeFalsy();
    const token = csrf.json().csrf_token;

    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register/',
      payload: { email: 'secure@example.com', password: 'a long password' },
      cookies: { '__Host-csrf_token': token },
      headers: { 'x-csrf-token': token },
    });
    expect(registered.statusCode).toBe(201);
    const access = registered.cookies.find((c) => c.name === '__Host-access_token');
    expect(access).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(registered.cookies.find((c) => c.name === 'access_token')).toBeUndefined();

    const viaPrefixed = await t.app.inject({
      url: '/api/v1/users/profile/',
      cookies: { '__Host-access_token': access?.value ?? '' },
    });
    expect(viaPrefixed.statusCode).toBe(200);
    const viaPlain = await t.app.inject({
      url: '/api/v1/users/profile/',
      cookies: { access_token: access?.value ?? '' },
    });
    expect(viaPlain.statusCode).toBe(401);
  });

  it('takes the client address from the one trusted proxy hop, so a forged X-Forwarded-For does not escape limits', async () => {
    const csrf = await t.app.inject({ url: '/api/v1/auth/csrf/' });
    const token = csrf.json().csrf_token;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login/',
        payload: { email: `nobody${i}@example.com`, password: 'whatever it is' },
        cookies: { '__Host-csrf_token': token },
        // The client forges the left part; the proxy appends the address it saw (203.0.113.9).
        headers: { 'x-csrf-token': token, 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
