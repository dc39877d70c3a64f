import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { type ApiClient, ApiError, createApiClient, createCookieJar } from '@booktranslate/api-client';
import { routes } from '@booktranslate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testing/build-test-app';
import { confirmationToken } from './testing/email-confirmation';

/** The web app's client against the real app listening on an ephemeral loopback port. */
describe('api-client against the running server', () => {
  let t: TestApp;
  let baseUrl: string;
  let profileRequests = 0;
  let now = new Date('2026-05-01T08:00:00Z');
  beforeAll(async () => {
    // Counted from the request log: every request the server answers is logged once.
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) {
          if (line.includes('request completed') && line.includes('/api/v1/users/profile/'))
            profileRequests++;
        }
        done();
      },
    });
    t = await buildTestApp({ logStream, clock: { now: () => now } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1`;
  }, 60_000);
  afterAll(() => t?.close());

  const newClient = (): ApiClient => createApiClient({ baseUrl });

  it('registers, reads the profile, refreshes, and logs out with cookies and CSRF handled', async () => {
    const client = newClient();
    const registered = await client.api.auth.register({
      body: { email: 'Client@Example.com', password: 'a long password', full_name: 'Cli Ent' },
    });
    expect(registered.user).toMatchObject({
      email: 'client@example.com',
      full_name: 'Cli Ent',
      available_credits: 0,
      free_credits_pending: 2,
    });

    // The e-mailed link, opened in a browser with no session, adds the Free credits.
    const token = await confirmationToken({ outboxDir: t.deps.config.mail.outboxDir }, 'client@example.com');
    const confirmed = await newClient().api.auth.confirmEmail({ body: { token } });
    expect(confirmed).toMatchObject({ success: true, credits_granted: 2 });

    const profile = await client.api.users.getProfile();
    expect(profile.id).toBe(registered.user.id);
    expect(profile).toMatchObject({ available_credits: 2, email_confirmed: true, free_credits_pending: 0 });

    const refreshed = await client.api.auth.refresh();
    expect(refreshed.refresh_token).not.toBe(registered.refresh_token);

    await client.api.auth.logout();
    const error = await client.api.users.getProfile().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 401, errorCode: 'UNAUTHENTICATED' });
  });

  it('refreshes an expired access token once and retries, transparently to the caller', async () => {
    const client = newClient();
    const { user } = await client.api.auth.register({
      body: { email: 'later@example.com', password: 'a long password' },
    });
    const start = now;
    now = new Date(start.getTime() + 20 * 60 * 1000);
    try {
      const [a, b] = await Promise.all([
        client.api.users.getProfile(),
        client.api.users.getProfile({ query: { _t: '1' } }),
      ]);
      expect(a.id).toBe(user.id);
      expect(b.id).toBe(user.id);
      const noRefresh = createApiClient({ baseUrl, autoRefresh: false });
      await noRefresh.api.auth.login({ body: { email: 'later@example.com', password: 'a long password' } });
      now = new Date(now.getTime() + 20 * 60 * 1000);
      await expect(noRefresh.api.users.getProfile()).rejects.toMatchObject({ code: 401 });
    } finally {
      now = start;
    }
  });

  it('lets two tabs with one expired session refresh without tripping reuse detection', async () => {
    const jar = createCookieJar();
    const tabA = createApiClient({ baseUrl, cookieJar: jar });
    const tabB = createApiClient({ baseUrl, cookieJar: jar });
    const { user } = await tabA.api.auth.register({
      body: { email: 'tabs@example.com', password: 'a long password' },
    });
    const start = now;
    now = new Date(start.getTime() + 20 * 60 * 1000);
    try {
      const [a, b] = await Promise.all([tabA.api.users.getProfile(), tabB.api.users.getProfile()]);
      expect([a.id, b.id]).toEqual([user.id, user.id]);
      // Still signed in afterwards: the family was not revoked.
      expect((await tabB.api.users.getProfile()).id).toBe(user.id);
    } finally {
      now = start;
    }
  });

  it('merges identical profile reads in flight into one request', async () => {
    const client = newClient();
    await client.api.auth.register({ body: { email: 'merge@example.com', password: 'a long password' } });
    profileRequests = 0;
    const [a, b, c] = await Promise.all([
      client.request(routes.users.getProfile),
      client.request(routes.users.getProfile),
      client.request(routes.users.getProfile),
    ]);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(profileRequests).toBe(1);
  });

  it('surfaces the server message and code of a validation error and a conflict', async () => {
    const client = newClient();
    await expect(
      client.api.auth.register({ body: { email: 'short@example.com', password: 'short' } }),
    ).rejects.toMatchObject({
      code: 400,
      errorCode: 'VALIDATION_ERROR',
      message: 'Password must be at least 8 characters long',
    });
    await client.api.auth.register({ body: { email: 'taken@example.com', password: 'a long password' } });
    await expect(
      newClient().api.auth.register({ body: { email: 'taken@example.com', password: 'a long password' } }),
    ).rejects.toMatchObject({ code: 409, errorCode: 'CONFLICT' });
  });

  it('reads the public config and health without a session', async () => {
    const client = newClient();
    expect((await client.api.system.publicConfig()).product_name).toBe('BookTranslate');
    expect((await client.api.system.health()).status).toBe('ok');
  });
});
