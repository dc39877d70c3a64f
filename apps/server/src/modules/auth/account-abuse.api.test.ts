import { type FakeGoogle, startFakeGoogle } from '@booktranslate/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/config-error';
import { loadConfig } from '../../config/env';
import { freeCreditClaims } from '../../db/schema/account-security';
import { rateLimitHits } from '../../db/schema/rate-limits';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { confirmEmail } from '../../testing/email-confirmation';
import { browserAt, injectClient } from '../../testing/inject-client';
import { purgeDueAccounts } from '../accounts/purge-accounts';
import { freeCreditPolicy, hasClaims, normaliseAddress } from '../credits/free-credit-claims';

const password = 'correct horse battery';

/** The abuse bounds of sign-up and sign-in (decisions 120 to 124). */
describe('account abuse bounds', () => {
  let t: TestApp;
  let google: FakeGoogle;
  const now = new Date('2026-05-01T10:00:00Z');
  beforeAll(async () => {
    google = await startFakeGoogle({ clientId: 'test-google-client' });
    t = await buildTestApp({
      clock: { now: () => now },
      env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl },
      rateLimits: { loginPerAccountPer15Min: 3, loginPerIpPer15Min: 6 },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  let address = 0;
  /** A browser at an address of its own (the tests play the trusted proxy). */
  const browser = (ip = `198.51.100.${++address}`) => browserAt(t.app, ip);

  type Credits = { credits_available: { FREE: number } };
  /** FREE credits in a sign-in answer (`user`) or a profile. */
  const freeCredits = (response: { json(): Credits | { user: Credits } }) => {
    const body = response.json();
    return ('user' in body ? body.user : body).credits_available.FREE;
  };
  /** Signs up with a password and opens the e-mailed link, as a person with that mailbox would. */
  async function signUpConfirmed(email: string) {
    const b = await browser();
    const created = await b.post('/auth/register/', { email, password });
    expect(created.statusCode).toBe(201);
    await confirmEmail(b.client, { outboxDir: t.deps.config.mail.outboxDir }, email.trim().toLowerCase());
    return { ...b, created, profile: () => b.client.get('/users/profile/') };
  }

  describe('Free credits are granted once per address and Google account', () => {
    it('does not grant them again after the account is deleted and signs up again', async () => {
      const first = await signUpConfirmed('farmer@example.com');
      expect(freeCredits(await first.profile())).toBe(2);
      expect((await first.remove('/users/profile/')).statusCode).toBe(200);

      const again = await signUpConfirmed('Farmer@Example.com');
      const recreated = again.created;
      expect(recreated.statusCode).toBe(201);
      expect(freeCredits(recreated)).toBe(0);
      expect(freeCredits(await again.profile())).toBe(0);
      // A +tag or Gmail dots do not make another person.
      const tagged = await signUpConfirmed('farmer+2@example.com');
      expect(freeCredits(await tagged.profile())).toBe(0);
      // Someone else still gets them.
      const other = await signUpConfirmed('grower@example.com');
      expect(freeCredits(await other.profile())).toBe(2);
    });

    it('grants nothing to an address nobody confirms, however many are invented', async () => {
      for (let i = 0; i < 3; i++) {
        const invented = await (await browser()).post('/auth/register/', {
          email: `throwaway-${i}@nowhere.invalid`,
          password,
        });
        expect(invented.statusCode).toBe(201);
        expect(invented.json().user).toMatchObject({ available_credits: 0, free_credits_pending: 2 });
      }
    });

    it('keeps only keyed hashes, and the purge job forgets them after the retention period', async () => {
      const rows = await t.handle.db.select().from(freeCreditClaims);
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toContain('farmer');
      const policy = freeCreditPolicy(
        t.deps.config.sessionSecret,
        t.deps.config.security.freeCreditClaimDays,
      );
      expect(await hasClaims(t.handle.db, policy, { email: 'farmer@example.com' })).toBe(true);
      const later = { now: () => new Date(now.getTime() + 366 * 86_400_000) };
      await purgeDueAccounts({ db: t.handle.db, storage: t.deps.storage, clock: later });
      expect(await hasClaims(t.handle.db, policy, { email: 'farmer@example.com' })).toBe(false);
    });

    it('normalises addresses the way mailboxes do', () => {
      expect(normaliseAddress(' A.nn+books@GoogleMail.com')).toBe('ann@gmail.com');
      expect(normaliseAddress('a.nn+x@example.com')).toBe('a.nn@example.com');
    });

    it('does not grant them again to the same Google account under a new address', async () => {
      const signIn = async (sub: string, email: string) => {
        const b = await browser();
        const response = await b.post('/auth/oauth_callback/', {
          provider: 'google',
          id_token: await google.signIdToken({ sub, email }),
        });
        expect(response.statusCode).toBe(200);
        return { b, response };
      };
      const first = await signIn('g-farm', 'gfarm@example.com');
      expect(freeCredits(first.response)).toBe(2);
      expect((await first.b.remove('/users/profile/')).statusCode).toBe(200);
      expect(freeCredits((await signIn('g-farm', 'gfarm-new@example.com')).response)).toBe(0);
    });
  });

  describe('sign-in delays', () => {
    it('answers 429 with Retry-After once an account has spent its failures, and the wait grows', async () => {
      await (await browser()).post('/auth/register/', { email: 'slow@example.com', password });
      const guesser = await browser();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await guesser.post('/auth/login/', { email: 'slow@example.com', password: `no-${i}` })).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const refused = await guesser.post('/auth/login/', { email: 'slow@example.com', password: 'no' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(30);
      expect(refused.json().error.details.retry_after_s).toBe(retryAfter);
    });

    it("a stranger's failures do not lock the owner's known browser out of the right password", async () => {
      const owner = await browser();
      await owner.post('/auth/register/', { email: 'owner@example.com', password });
      await owner.post('/auth/logout/');
      expect((await owner.post('/auth/login/', { email: 'owner@example.com', password })).statusCode).toBe(
        200,
      );
      await owner.post('/auth/logout/');

      const stranger = await browser();
      for (let i = 0; i < 5; i++)
        await stranger.post('/auth/login/', { email: 'owner@example.com', password: `x${i}` });
      expect((await stranger.post('/auth/login/', { email: 'owner@example.com', password })).statusCode).toBe(
        429,
      );
      // A new browser of the owner waits like the stranger; the one that signed in before does not.
      expect(
        (await (await browser()).post('/auth/login/', { email: 'owner@example.com', password })).statusCode,
      ).toBe(429);
      expect((await owner.post('/auth/login/', { email: 'owner@example.com', password })).statusCode).toBe(
        200,
      );
    });

    it("a stranger's failures do not delay a new owner's first sign-in from the browser that registered", async () => {
      const owner = await browser();
      expect((await owner.post('/auth/register/', { email: 'fresh@example.com', password })).statusCode).toBe(
        201,
      );
      await owner.post('/auth/logout/');

      const stranger = await browser();
      for (let i = 0; i < 5; i++)
        await stranger.post('/auth/login/', { email: 'fresh@example.com', password: `x${i}` });
      expect((await stranger.post('/auth/login/', { email: 'fresh@example.com', password })).statusCode).toBe(
        429,
      );
      // The registering browser is a known device of the account from the start.
      expect((await owner.post('/auth/login/', { email: 'fresh@example.com', password })).statusCode).toBe(
        200,
      );
    });

    it('counts failures per client address across accounts', async () => {
      const sprayer = await browser();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push(
          (await sprayer.post('/auth/login/', { email: `spray${i}@example.com`, password: 'pw' })).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
      expect(
        (await (await browser()).post('/auth/login/', { email: 'spray9@example.com', password: 'pw' }))
          .statusCode,
      ).toBe(401);
    });

    it("account deletion clears exactly its own limiter keys, never another account's", async () => {
      const ann = await browser();
      await ann.post('/auth/register/', { email: 'ann@example.com', password });
      const guesser = await browser();
      await guesser.post('/auth/login/', { email: 'ann@example.com', password: 'wrong' });
      await guesser.post('/auth/login/', { email: 'jo.ann@example.com', password: 'wrong' });
      await guesser.post('/auth/login/', { email: 'ann@example.com.au', password: 'wrong' });
      const keys = async () => (await t.handle.db.select().from(rateLimitHits)).map((row) => row.key);
      expect(await keys()).toContain('login:account:ann@example.com');

      expect((await ann.remove('/users/profile/')).statusCode).toBe(200);
      const left = await keys();
      expect(left).not.toContain('login:account:ann@example.com');
      expect(left).toContain('login:account:jo.ann@example.com');
      expect(left).toContain('login:account:ann@example.com.au');
      const [row] = await t.handle.db
        .select()
        .from(rateLimitHits)
        .where(eq(rateLimitHits.key, 'login:account:jo.ann@example.com'));
      expect(row?.count).toBe(1);
    });
  });

  describe('CSRF tokens are bound to the session', () => {
    it("refuses one session's token in another session, and replaces the token at sign-in and sign-out", async () => {
      const a = await browser();
      const visitorToken = a.client.cookies.get('csrf_token');
      await a.post('/auth/register/', { email: 'csrf-a@example.com', password });
      const aToken = a.client.cookies.get('csrf_token');
      expect(aToken).toBeDefined();
      expect(aToken).not.toBe(visitorToken);
      const b = await browser();
      await b.post('/auth/register/', { email: 'csrf-b@example.com', password });

      const withToken = (token: string | undefined) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/v1/user/settings/',
          cookies: { ...Object.fromEntries(b.client.cookies), csrf_token: token ?? '' },
          headers: { 'x-csrf-token': token ?? '' },
          payload: { emailNotifications: false },
        });
      const foreign = await withToken(aToken);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().error.code).toBe('CSRF_FAILED');
      expect((await withToken(visitorToken)).statusCode).toBe(403);
      expect((await withToken(b.client.cookies.get('csrf_token'))).statusCode).not.toBe(403);

      // The same session keeps its token after the access token is refreshed.
      const before = b.client.cookies.get('csrf_token');
      expect((await b.post('/auth/refresh/')).statusCode).toBe(200);
      b.client.cookies.delete('access_token');
      expect((await withToken(before)).statusCode).not.toBe(403);

      await a.post('/auth/logout/');
      expect(a.client.cookies.get('csrf_token')).not.toBe(aToken);
      expect((await a.post('/auth/login/', { email: 'csrf-a@example.com', password })).statusCode).toBe(200);
    });
  });

  describe('register', () => {
    it('keeps 409 CONFLICT for an address that has an account, and limits how often one address hears it', async () => {
      await (await browser()).post('/auth/register/', { email: 'taken@example.com', password });
      const prober = await browser();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await prober.post('/auth/register/', { email: 'taken@example.com', password });
        statuses.push(response.statusCode);
        if (i === 0) {
          expect(response.json().error).toMatchObject({
            code: 'CONFLICT',
            message: 'An account with this email already exists',
          });
        }
      }
      expect(statuses.slice(0, 10).every((status) => status === 409)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });
});

describe('client addresses and TRUST_PROXY', () => {
  it('ignores X-Forwarded-For unless the peer is a listed proxy', async () => {
    const t = await buildTestApp({ env: { TRUST_PROXY: '' } });
    // The address the app believes shows in the sign-in limiter's keys.
    const client = injectClient(t.app);
    await client.csrf();
    await client.request('POST', '/auth/login/', {
      body: { email: 'who@example.com', password: 'wrong' },
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    const keys = (await t.handle.db.select().from(rateLimitHits)).map((row) => row.key);
    expect(keys).toContain('login:address:127.0.0.1');
    expect(keys.some((key) => key.includes('203.0.113.77'))).toBe(false);
    await t.close();

    const proxied = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.1/32, 10.0.0.0/8' } });
    const viaProxy = injectClient(proxied.app);
    await viaProxy.csrf();
    await viaProxy.request('POST', '/auth/login/', {
      body: { email: 'who@example.com', password: 'wrong' },
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    const proxiedKeys = (await proxied.handle.db.select().from(rateLimitHits)).map((row) => row.key);
    expect(proxiedKeys).toContain('login:address:203.0.113.77');
    await proxied.close();
  }, 60_000);

  it('is off by default and refuses anything but addresses, CIDRs and the named ranges', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/bt-config-test', SESSION_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).security.trustProxy).toEqual([]);
    expect(loadConfig({ ...base, TRUST_PROXY: 'loopback, 10.0.0.0/8, ::1' }).security.trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});
