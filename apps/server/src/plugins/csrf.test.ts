import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfPlugin } from './csrf';
import { issueCsrfToken } from './csrf-token';
import { errorHandlerPlugin } from './error-handler';

const secret = 'a-secret-that-is-long-enough-for-the-hmac';

describe('csrfPlugin', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(errorHandlerPlugin);
    await app.register(cookie);
    await app.register(csrfPlugin, {
      secret,
      publicUrl: 'https://books.example',
      // Stands in for the session cookies: the test names the session the request belongs to.
      sessionOf: async (request) => String(request.headers['x-test-session'] ?? ''),
    });
    app.post('/guarded', async () => ({ ok: true }));
    // What the PayPal webhook does: servers cannot carry a browser's token.
    app.post('/webhook', { config: { csrf: false } }, async () => ({ ok: true }));
    app.get('/read', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  /** A write to the guarded route with `token` in the cookie named `cookie` and in the header. */
  const post = (token: string, headers: Record<string, string> = {}, cookie = '__Host-csrf_token') =>
    app.inject({
      method: 'POST',
      url: '/guarded',
      cookies: { [cookie]: token },
      headers: { 'x-csrf-token': token, ...headers },
    });

  it('lets exempt routes and reads through without a token', async () => {
    expect((await app.inject({ method: 'POST', url: '/webhook' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/read' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/guarded' })).statusCode).toBe(403);
  });

  it('under HTTPS accepts only the __Host- cookie', async () => {
    const token = issueCsrfToken(secret, '');
    expect((await post(token, {}, 'csrf_token')).statusCode).toBe(403);
    expect((await post(token)).statusCode).toBe(200);
  });

  it('refuses a cross-site write even with a valid token pair (Fetch Metadata)', async () => {
    const token = issueCsrfToken(secret, '');
    const request = (site: string) => post(token, { 'sec-fetch-site': site });
    expect((await request('cross-site')).statusCode).toBe(403);
    expect((await request('same-origin')).statusCode).toBe(200);
  });

  it('refuses a token signed with another secret', async () => {
    const token = issueCsrfToken('another-secret-another-secret-another', '');
    const response = await post(token);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CSRF_FAILED');
  });

  it('refuses a token issued for one session in another session (or for a visitor)', async () => {
    const send = (token: string, session: string) => post(token, { 'x-test-session': session });
    const mine = issueCsrfToken(secret, 'family-a');
    expect((await send(mine, 'family-a')).statusCode).toBe(200);
    expect((await send(mine, 'family-b')).statusCode).toBe(403);
    expect((await send(mine, '')).statusCode).toBe(403);
    expect((await send(issueCsrfToken(secret, ''), 'family-a')).statusCode).toBe(403);
  });
});
