import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchDesktopPage, openApp } from './e2e-helpers';
import { e2eMissingReason } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`browser sign-in tests skipped: ${reason}`);

describe.skipIf(reason)('sign-in in Chromium against the built server', () => {
  const server = { url: inject('serverUrl') };
  let browser: Browser;
  let page: Page;
  const email = `reader-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';

  beforeAll(async () => {
    ({ browser, page } = await launchDesktopPage());
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers a new account and lands on the library', async () => {
    await openApp(page, `${server.url}/login`);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Full name').fill('Ann Reader');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Welcome to Your Library' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Free Plan' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Your Library · BookTranslate');
  });

  it('stays signed in after a reload', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Your Library' }).waitFor();
    expect(page.url()).toBe(`${server.url}/dashboard`);
  });

  it('signs out to / and the library then asks for a sign-in', async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Read Any Book in Your Language' }).waitFor();
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL('**/login');
    // Visitors get a Login link (not a button) in the navigation.
    expect(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).count(),
    ).toBe(1);
  });

  it('signs in with email and password', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Welcome to Your Library' }).waitFor();
  });

  it('shows the error banner for a wrong password', async () => {
    const other = await browser.newPage();
    other.setDefaultTimeout(60_000);
    await openApp(other, `${server.url}/login`);
    await other.getByLabel('Email').fill(email);
    await other.getByLabel('Password').fill('not the password');
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(other.url()).toContain('/login');
    await other.close();
  });

  it('sends an unknown path to /', async () => {
    await page.goto(`${server.url}/no/such/page`);
    // Signed in, / itself forwards to the library.
    await page.waitForURL('**/dashboard');
    const visitor = await browser.newPage();
    visitor.setDefaultTimeout(60_000);
    await visitor.goto(`${server.url}/no/such/page`);
    await visitor.waitForURL(`${server.url}/`);
    await visitor.getByRole('heading', { name: 'Read Any Book in Your Language' }).waitFor();
    await visitor.close();
  });
});
