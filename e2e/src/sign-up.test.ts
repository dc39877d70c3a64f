import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchDesktopPage } from './e2e-helpers';
import { e2eMissingReason } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`browser sign-up tests skipped: ${reason}`);

/** The ways in from the landing page: sign-up first, an existing account, a plan chosen before. */
describe.skipIf(reason)('signing up and in from the landing page in Chromium', () => {
  const server = { url: inject('serverUrl') };
  let browser: Browser;
  let page: Page;
  const email = `newcomer-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  const heading = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });

  beforeAll(async () => {
    ({ browser, page } = await launchDesktopPage());
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function signOut() {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/`);
  }

  it('"Start Translation" opens account creation with the password rule in words', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Start Translation' }).click();
    await page.waitForURL('**/login?mode=signup');
    await heading('Create your account').waitFor();
    expect(await page.getByText('Welcome back').count()).toBe(0);
    const rule = page.getByText('At least 8 characters.');
    expect(await rule.isVisible()).toBe(true);
    expect(await page.getByLabel('Password').getAttribute('aria-describedby')).toBe(
      await rule.getAttribute('id'),
    );
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    await signOut();
  });

  it('"Try Free" opens sign-up; an address with an account gets a way to sign in', async () => {
    await page.goto(`${server.url}/#pricing`);
    await page.getByRole('link', { name: 'Try Free' }).click();
    await page.waitForURL('**/login?mode=signup');
    await heading('Create your account').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('An account with this email already exists.').waitFor();
    await alert.getByRole('button', { name: 'Sign in instead' }).click();
    await heading('Welcome back').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await signOut();
  });

  it('keeps the plan a visitor chose (Reader, monthly) through signing in', async () => {
    await page.goto(`${server.url}/#pricing`);
    await page.getByRole('button', { name: 'Monthly' }).click();
    await page.getByRole('link', { name: 'Choose Reader' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await heading('Welcome back').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/billing?plan=reader&interval=month#pricing-tiers');
    // This server takes no payments (no PayPal): the choice is kept and marked, and no checkout opens.
    await page.getByText('Payments are not enabled on this server. Ask the operator for credits.').waitFor();
    expect(await page.getByRole('button', { name: 'Monthly' }).getAttribute('aria-pressed')).toBe('true');
    const chosen = page.locator('article[data-chosen="true"]');
    expect(await chosen.getByRole('heading').textContent()).toBe('Reader');
    expect(await page.getByRole('region', { name: 'Payment Summary' }).count()).toBe(0);
  });
});
