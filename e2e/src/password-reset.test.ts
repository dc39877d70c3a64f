import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SmtpSink, startSmtpSink } from '@booktranslate/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { openApp, SCREEN_MODES, screenPage } from './e2e-helpers';
import { e2eMissingReason, type RunningServer, startServer } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`password reset tests skipped: ${reason}`);

const SAME_ANSWER =
  'If an account exists for this address, we have sent it a link to choose a new password. The link works for one hour.';

/**
 * "Forgot password?" end to end: its own server (the web app global-setup built) sends mail to an
 * SMTP sink, and Chromium follows the link from the message. Screenshots of the two new screens,
 * light and dark, desktop and 390 px, go to SHOTS_DIR (default: a temporary folder).
 */
describe.skipIf(reason || process.env.E2E_BASE_URL)('password reset in Chromium', () => {
  let sink: SmtpSink;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `forgetful-${Date.now()}@example.com`;
  const oldPassword = 'correct horse battery staple';
  const newPassword = 'a brand new passphrase';
  const shots = process.env.SHOTS_DIR ?? mkdtempSync(join(tmpdir(), 'bt-reset-shots-'));

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    sink = await startSmtpSink();
    server = await startServer({ SMTP_URL: sink.url, MAIL_FROM: 'BookTranslate <no-reply@example.com>' });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(60_000);
    page = await context.newPage();
    console.log(`screenshots: ${shots}`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.close();
  });

  it('walks from "Forgot password?" to signing in with the new password', async () => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // An account, signed in on a second device whose session the reset must end.
    await openApp(page, `${server.url}/login`);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(oldPassword);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    otherPage.setDefaultTimeout(60_000);
    await openApp(otherPage, `${server.url}/login`);
    await otherPage.getByLabel('Email').fill(email);
    await otherPage.getByLabel('Password').fill(oldPassword);
    await otherPage.getByRole('button', { name: 'Sign in' }).click();
    await otherPage.waitForURL('**/dashboard');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/`);

    // Sign-in screen -> Forgot password? (the address typed so far comes along).
    await openApp(page, `${server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: SAME_ANSWER }).waitFor();

    const mail = await sink.waitFor((m) => m.to.includes(email) && m.subject.includes('Reset'), 30_000);
    const found = mail.text.match(/https?:\/\/\S+\/reset-password#token=[\w-]+/)?.[0];
    expect(found).toBeDefined();
    // PUBLIC_URL names the host (localhost here); the browser keeps its cookies for 127.0.0.1.
    const { pathname, hash } = new URL(found as string);
    const link = `${server.url}${pathname}${hash}`;

    // The link opens the reset page; the token leaves the address bar.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(page.url()).toBe(`${server.url}/reset-password`);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill('something else');
    await page.getByText('The passwords do not match').waitFor();
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password was changed' }).waitFor();
    await sink.waitFor((m) => m.to.includes(email) && m.subject.includes('was changed'), 30_000);

    // The link works once.
    await page.goto('about:blank');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another new passphrase');
    await page.getByLabel('Repeat the new password').fill('another new passphrase');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('alert').filter({ hasText: 'invalid or has expired' }).waitFor();

    // The other device was signed out; the old password fails, the new one works.
    await otherPage.reload();
    await otherPage.waitForURL('**/login');
    await other.close();
    await openApp(page, `${server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(oldPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
  });

  it('answers an unknown address exactly like a known one', async () => {
    const visitor = await browser.newPage();
    visitor.setDefaultTimeout(60_000);
    await visitor.goto(`${server.url}/forgot-password`);
    await visitor.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
    await visitor.getByRole('button', { name: 'Send reset link' }).click();
    await visitor.getByRole('status').filter({ hasText: SAME_ANSWER }).waitFor();
    await visitor.close();
  });

  for (const mode of SCREEN_MODES) {
    it(`screens: ${mode.dark ? 'dark' : 'light'} ${mode.name}`, async () => {
      const { context: ctx, page: p, shoot } = await screenPage(browser, mode, shots);
      await openApp(p, `${server.url}/login`);
      await p.getByRole('link', { name: 'Forgot password?' }).waitFor();
      await shoot('login');
      await p.goto(`${server.url}/forgot-password`);
      await p.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await shoot('forgot');
      await p.getByLabel('Email').fill('someone@example.com');
      await p.getByRole('button', { name: 'Send reset link' }).click();
      await p.getByRole('status').waitFor();
      await shoot('forgot-sent');
      await p.goto(`${server.url}/reset-password#token=${'x'.repeat(43)}`);
      await p.getByLabel('New password', { exact: true }).fill('a new password');
      await p.getByLabel('Repeat the new password').fill('a new passwort');
      await shoot('reset');
      await p.getByLabel('Repeat the new password').fill('a new password');
      await p.getByRole('button', { name: 'Save new password' }).click();
      await p.getByRole('alert').waitFor();
      await shoot('reset-invalid');
      await ctx.close();
    });
  }
});
