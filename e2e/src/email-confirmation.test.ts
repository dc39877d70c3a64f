import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SmtpSink, startSmtpSink } from '@booktranslate/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { openApp, SCREEN_MODES, screenPage } from './e2e-helpers';
import { e2eMissingReason, type RunningServer, startServer } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`address confirmation tests skipped: ${reason}`);

/**
 * Sign-up's Free credits wait for the e-mailed link (decision 218): its own server mails an SMTP
 * sink, Chromium opens the link. Screenshots of the dashboard notice and the confirm page, light
 * and dark, 1280 px and 390 px, go to SHOTS_DIR (default: a temporary folder).
 */
describe.skipIf(reason || process.env.E2E_BASE_URL)('address confirmation in Chromium', () => {
  let sink: SmtpSink;
  let server: RunningServer;
  let browser: Browser;
  const shots = process.env.SHOTS_DIR ?? mkdtempSync(join(tmpdir(), 'bt-confirm-shots-'));

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    sink = await startSmtpSink();
    server = await startServer({ SMTP_URL: sink.url, MAIL_FROM: 'BookTranslate <no-reply@example.com>' });
    browser = await launchBrowser();
    console.log(`screenshots: ${shots}`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.close();
  });

  async function signUp(page: Page, email: string) {
    await openApp(page, `${server.url}/login`);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
  }

  /** The newest confirmation link mailed to `email`, on this server's host and port. */
  async function linkFor(email: string, count = 1): Promise<string> {
    const mine = (m: SmtpSink['messages'][number]) =>
      m.to.includes(email) && m.subject.startsWith('Confirm your');
    await sink.waitFor(mine, 30_000);
    for (let i = 0; i < 300 && sink.messages.filter(mine).length < count; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const text = sink.messages.filter(mine).at(-1)?.text ?? '';
    const found = text.match(/https?:\/\/\S+\/confirm-email\?token=[\w-]+/)?.[0];
    expect(found).toBeDefined();
    // PUBLIC_URL names the host (localhost here); the browser keeps its cookies for 127.0.0.1.
    const { pathname, search } = new URL(found as string);
    return `${server.url}${pathname}${search}`;
  }

  const notice = (page: Page) =>
    page.getByRole('heading', { name: 'Confirm your e-mail address to receive your 2 free credits' });
  const available = async (page: Page) =>
    Number(await page.getByRole('region', { name: 'Free Plan' }).locator('p').first().textContent());

  it('adds the 2 Free credits when the e-mailed link is opened, once', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(60_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const email = `confirmer-${Date.now()}@example.com`;
    await signUp(page, email);
    await notice(page).waitFor();
    expect(await available(page)).toBe(0);

    const link = await linkFor(email);
    await page.goto(link);
    await page
      .getByRole('status')
      .filter({ hasText: 'Your address is confirmed; 2 free credits were added.' })
      .waitFor();
    expect(page.url()).toBe(`${server.url}/confirm-email`);
    await page.getByRole('link', { name: 'Go to your library' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Welcome to Your Library' }).waitFor();
    expect(await notice(page).count()).toBe(0);
    expect(await available(page)).toBe(2);

    // The link works once.
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: 'This confirmation link was already used.' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const mode of SCREEN_MODES) {
    it(`screens: ${mode.dark ? 'dark' : 'light'} ${mode.name}`, async () => {
      const { context: ctx, page: p, shoot } = await screenPage(browser, mode, shots);
      const email = `shots-${mode.tag}-${Date.now()}@example.com`;
      await signUp(p, email);
      await notice(p).waitFor();
      await shoot('dashboard-notice');
      await p.getByRole('button', { name: 'Send the link again' }).click();
      await p
        .getByRole('status')
        .filter({ hasText: `We sent a new link to ${email}` })
        .waitFor();
      await shoot('dashboard-resent');
      const link = await linkFor(email, 2);
      await p.goto(link);
      await p.getByRole('status').filter({ hasText: 'Your address is confirmed' }).waitFor();
      await shoot('confirm-success');
      await p.goto(link);
      await p.getByRole('alert').waitFor();
      await shoot('confirm-used');
      await ctx.close();
    });
  }
});
