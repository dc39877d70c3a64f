import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app';

// A build laid out as apps/web's build writes it: pre-rendered pages in folders, the shell in app.html.
describe('the web app with pre-rendered public pages', () => {
  let t: TestApp;
  const webRoot = mkdtempSync(join(tmpdir(), 'bt-web-prerendered-'));
  const html = (body: string) => `<!doctype html><html><body><div id="root">${body}</div></body></html>`;
  beforeAll(async () => {
    writeFileSync(join(webRoot, 'index.html'), html('<h1>Read Any Book in Your Language</h1>'));
    writeFileSync(join(webRoot, 'app.html'), html(''));
    for (const [dir, title] of [
      ['login', 'Welcome back'],
      ['terms-of-service', 'Terms of Service'],
    ] as const) {
      mkdirSync(join(webRoot, dir));
      writeFileSync(join(webRoot, dir, 'index.html'), html(`<h1>${title}</h1>`));
    }
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'assets', 'boot-1.js'), 'import("./main-1.js")');
    t = await buildTestApp({ webRoot });
  }, 60_000);
  afterAll(() => t?.close());

  it('answers each public page with its own pre-rendered file, under the security headers', async () => {
    for (const [url, text] of [
      ['/', 'Read Any Book in Your Language'],
      ['/login', 'Welcome back'],
      ['/login?mode=signup', 'Welcome back'],
      ['/terms-of-service', 'Terms of Service'],
    ]) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain(`<h1>${text}</h1>`);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/login' })).statusCode).toBe(200);
  });

  it('answers other routes with the empty shell and missing files with a 404', async () => {
    for (const url of ['/dashboard', '/books/1/translations/2/read', '/billing/success']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(html(''));
    }
    expect((await t.app.inject({ url: '/assets/main-0.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/assets/boot-1.js' })).headers['cache-control']).toContain(
      'immutable',
    );
  });
});
