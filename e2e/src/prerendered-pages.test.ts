import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { e2eMissingReason } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`pre-rendered page tests skipped: ${reason}`);

const PAGES = [
  ['/', 'Read Any Book in Your Language'],
  ['/login', 'Welcome back'],
  ['/terms-of-service', 'Terms of Service'],
] as const;

// The public pages as the built server sends them: readable before (and without) any JavaScript.
describe.skipIf(reason)('pre-rendered public pages from the built server', () => {
  const url = inject('serverUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(PAGES)(
    '%s: the HTML carries the page, with no inline script, under the CSP',
    async (path, heading) => {
      const response = await fetch(url + path);
      expect(response.status).toBe(200);
      const html = await response.text();
      const root = html.slice(html.indexOf('<div id="root"'));
      expect(root).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      const csp = response.headers.get('content-security-policy') ?? '';
      const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src ')) ?? '';
      expect(scriptSrc).toMatch(/^script-src 'self'/);
      expect(scriptSrc).not.toContain('unsafe-inline');
    },
  );

  it.each(PAGES)('%s: shows its heading in Chromium with JavaScript off', async (path, heading) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url + path);
    expect(await page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
    await context.close();
  });

  it('hydrates the landing in dark mode without a mismatch, and the toggle then works', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem('darkMode', 'true'));
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      // The visitor's session check answers 401; anything else (a hydration mismatch) is a fault.
      if (m.type() === 'error' && !m.text().includes('401')) problems.push(m.text());
    });
    await page.goto(`${url}/`);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // The app arrives when the browser is idle; the toggle's label then reads the page's theme.
    const toLight = page.getByRole('button', { name: 'Switch to light mode' });
    await toLight.waitFor();
    await page.getByRole('heading', { name: 'Simple pricing' }).waitFor();
    await page.locator('#pricing article').first().waitFor();
    await toLight.click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('takes a signed-in user from / to the library without showing the landing', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${url}/login?mode=signup`);
    await page.getByLabel('Email').fill(`prerender-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    const landingShown: boolean[] = [];
    await page.goto(`${url}/`, { waitUntil: 'commit' });
    // Before the app runs, the pre-rendered landing is hidden for a cached user.
    await page.waitForLoadState('domcontentloaded');
    landingShown.push(
      await page.getByRole('heading', { name: 'Read Any Book in Your Language' }).isVisible(),
    );
    await page.waitForURL('**/dashboard');
    expect(landingShown).toEqual([false]);
    await context.close();
  });
});
