import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './storage/create-storage';
import { buildTestApp, type TestApp } from './testing/build-test-app';
import { injectClient } from './testing/inject-client';

describe('the HTTP platform', () => {
  let t: TestApp;
  const logs: string[] = [];
  const webRoot = mkdtempSync(join(tmpdir(), 'bt-web-'));
  beforeAll(async () => {
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>BookTranslate app</title>');
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    t = await buildTestApp({ webRoot, logStream, rateLimits: { loginPerAccountPer15Min: 3 } });
  }, 60_000);
  afterAll(() => t?.close());

  it('reports health of database, storage and queue', async () => {
    const response = await t.app.inject({ url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      checks: { database: { status: 'ok' }, storage: { status: 'ok' }, queue: { status: 'ok' } },
    });
  });

  it('serves public dashboard figures and the public config', async () => {
    const stats = await t.app.inject({ url: '/api/v1/dashboard/stats' });
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual({
      books_translated: 0,
      translations_completed: 0,
      languages: 0,
      users: expect.any(Number),
      words_translated: 0,
    });
    const config = await t.app.inject({ url: '/api/v1/config/public' });
    expect(config.json()).toMatchObject({
      product_name: 'BookTranslate',
      google_client_id: 'test-google-client',
      paypal_client_id: null,
      demo_engine: true,
    });
    // Without a provider key the real pairs are Apertium's installed ones, Russian-English not among them.
    expect(config.json().real_pairs).toEqual(expect.any(Array));
    expect(config.json().real_pairs).not.toContainEqual({ source: 'ru', target: 'en' });
  });

  it('publishes OpenAPI with the contract paths, trailing slashes included', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    for (const path of [
      '/api/v1/auth/login/',
      '/api/v1/auth/oauth_callback/',
      '/api/v1/users/profile/',
      '/api/v1/health',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(JSON.stringify(doc.paths['/api/v1/auth/register/'].post.requestBody)).toContain('password');
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers unknown API paths with a 404 envelope and client routes with index.html', async () => {
    const api = await t.app.inject({ url: '/api/v1/nope/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'Not found' } });
    const landing = await t.app.inject({ url: '/' });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('BookTranslate app');
    const page = await t.app.inject({ url: '/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('BookTranslate app');
    const asset = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    // A chunk from an older build is a 404, not the page (a stale tab then reloads cleanly).
    for (const url of ['/assets/app-0000.js', '/favicon.ico']) {
      const missing = await t.app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().error.code).toBe('NOT_FOUND');
    }
    expect((await t.app.inject({ url: '/payment-success?transaction_id=DEMO.1' })).statusCode).toBe(200);
  });

  it('sends security headers and a request id', async () => {
    const response = await t.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain(
      "script-src 'self' https://accounts.google.com",
    );
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-powered-by']).toBeUndefined();
    // Every answer carries them: an unknown API path and the web app's pages too.
    for (const url of ['/api/v1/no-such-route', '/']) {
      const other = await t.app.inject({ url });
      expect(other.headers['content-security-policy'], url).toBe(response.headers['content-security-policy']);
      expect(other.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const generated = await t.app.inject({
      url: '/api/v1/health',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('limits sign-in attempts per account (429 in the envelope) and keeps secrets out of the logs', async () => {
    const client = injectClient(t.app);
    await client.csrf();
    const password = 'secret-password-123';
    await client.post('/auth/register/', { email: 'limited@example.com', password });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await client.post('/auth/login/', {
        email: 'limited@example.com',
        password: `wrong-${i}-xx`,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().error.code).toBe('RATE_LIMITED');
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Now locked even with the right password, until the window ends.
    expect((await client.post('/auth/login/', { email: 'limited@example.com', password })).statusCode).toBe(
      429,
    );
    // Successful sign-ins are not counted: a user may sign in as often as they like.
    await client.post('/auth/register/', { email: 'often@example.com', password });
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/auth/login/', { email: 'often@example.com', password })).statusCode).toBe(
        200,
      );
    }
    // Another account from the same address is not affected.
    expect((await client.post('/auth/login/', { email: 'other@example.com', password })).statusCode).toBe(
      401,
    );

    const text = logs.join('');
    expect(text).toContain('"reqId"');
    expect(text).not.toContain(password);
    expect(text).not.toContain(client.cookies.get('access_token') ?? 'no-token');
    expect(text).not.toContain(client.cookies.get('csrf_token') ?? 'no-token');
  });
});

describe('without a built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('explains how to build it', async () => {
    const response = await t.app.inject({ url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('npm run build -w apps/web');
  });

  it('reports a failing dependency as 503 degraded', async () => {
    // Local storage rooted under a regular file cannot create its directories.
    const blocker = join(mkdtempSync(join(tmpdir(), 'bt-blocked-')), 'file');
    writeFileSync(blocker, 'not a directory');
    const failing = await buildTestApp({
      storage: createStorage({
        ...t.deps.config,
        storage: { ...t.deps.config.storage, localDir: join(blocker, 'files') },
      }),
    });
    try {
      const response = await failing.app.inject({ url: '/api/v1/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'degraded',
        checks: { database: { status: 'ok' }, storage: { status: 'error' }, queue: { status: 'ok' } },
      });
    } finally {
      await failing.close();
    }
  }, 60_000);
});
