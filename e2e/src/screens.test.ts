import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { openApp } from './e2e-helpers';
import { e2eMissingReason } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`screenshot tests skipped: ${reason}`);

const SCREENS: [string, string][] = [
  ['/', 'Read Any Book in Your Language'],
  ['/login', 'Welcome back'],
  ['/payment?plan=bookworm', 'Checkout'],
  ['/payment-success?plan=reader&method=card&transaction_id=DEMO-1', 'Payment Successful!'],
  ['/terms-of-service', 'Terms of Service'],
  ['/privacy-policy', 'Privacy Policy'],
];
const MEMBER_SCREENS: [string, string][] = [
  ['/dashboard', 'Welcome to Your Library'],
  ['/profile', 'Settings'],
  ['/billing', 'Billing & Subscription'],
  ['/billing/cancel', 'Subscription Cancelled'],
];
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

/** Every screen in light and dark mode at 1280 px and 390 px, saved for a person to look at. */
describe.skipIf(reason)('screens in light and dark mode', () => {
  const server = { url: inject('serverUrl') };
  let browser: Browser;
  const out = mkdtempSync(join(tmpdir(), 'bt-screens-'));

  beforeAll(async () => {
    browser = await launchBrowser();
    console.log(`screenshots: ${out}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function shoot(page: Page, path: string, heading: string, file: string) {
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(out, `${file}.png`), fullPage: true });
    // Nothing may stick out sideways on a phone (responsive down to 360 px).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
  }

  for (const dark of [false, true]) {
    for (const vp of VIEWPORTS) {
      it(`${dark ? 'dark' : 'light'} ${vp.name}`, async () => {
        const context = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
        await context.addInitScript((d) => localStorage.setItem('darkMode', String(d)), dark);
        context.setDefaultTimeout(60_000);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const tag = `${dark ? 'dark' : 'light'}-${vp.name}`;
        for (const [path, heading] of SCREENS)
          await shoot(
            page,
            path,
            heading,
            `${tag}${path.split('?')[0]?.replace(/^\/$/, '/landing').replace(/\//g, '_')}`,
          );

        await openApp(page, `${server.url}/login`);
        await page.getByRole('button', { name: 'Create an account' }).click();
        await page.getByLabel('Full name').fill('Ann Reader');
        await page.getByLabel('Email').fill(`shots-${tag}-${Date.now()}@example.com`);
        await page.getByLabel('Password').fill('correct horse battery staple');
        await page.getByRole('button', { name: 'Create account' }).click();
        await page.waitForURL('**/dashboard');
        for (const [path, heading] of MEMBER_SCREENS)
          await shoot(page, path, heading, `${tag}${path.replace(/\//g, '_')}`);

        await page.getByRole('button', { name: 'Need help?' }).click();
        await page.getByRole('heading', { name: 'Need Help?' }).waitFor();
        await page.screenshot({ path: join(out, `${tag}_support.png`) });
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
