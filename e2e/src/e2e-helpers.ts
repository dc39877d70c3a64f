import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusFiles } from '@booktranslate/testkit';
import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { launchBrowser } from './browser';

const BOOKS = {
  wasteland: 'en-wasteland-eliot-epub3-ncx-footnotes.epub',
  alice: 'en-alice-wonderland-epub3-images.epub',
  corrupt: 'bad-epub-corrupt-zip-entry.epub',
} as const;

/** A corpus book's path, or undefined when ../shared/corpus is absent. */
export function bookPath(name: keyof typeof BOOKS): string | undefined {
  const path = corpusFiles().find((f) => f.endsWith(BOOKS[name]));
  return path && existsSync(path) ? path : undefined;
}

/** The token of the newest confirmation link mailed to `email`, from the shared server's .eml outbox. */
export async function confirmationToken(mailDir: string, email: string): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const names = (await readdir(mailDir).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const mail = (await readFile(join(mailDir, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!mail.includes(`To: ${email}`) || !mail.includes('Subject: Confirm your')) continue;
      const token = mail.match(/\/confirm-email\?token=([\w-]+)/)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation mail for ${email} in ${mailDir}`);
}

/**
 * Opens the e-mailed confirmation link as the new owner would (the Free credits come with it) and
 * returns to the library. `mailDir` is the outbox of a test's own server (default: the shared
 * server's). Skipped for an E2E_BASE_URL server, whose mail this cannot read.
 */
export async function confirmEmail(
  page: Page,
  baseUrl: string,
  email: string,
  mailDir: string | undefined = inject('mailDir'),
): Promise<void> {
  if (!mailDir) return;
  // PUBLIC_URL names the host (localhost); the browser keeps its cookies for the address it used.
  await page.goto(`${baseUrl}/confirm-email?token=${await confirmationToken(mailDir, email)}`);
  await page.getByText('Your address is confirmed').waitFor();
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByRole('heading', { name: 'Welcome to Your Library' }).waitFor();
}

/**
 * Chromium with a desktop page that accepts downloads, waits up to a minute (a loaded 2-core CI
 * machine can be slow), and is signed in as a new account tagged `tag`.
 */
export async function signedInBrowser(
  baseUrl: string,
  tag: string,
): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page.setDefaultTimeout(60_000);
  await signUp(page, baseUrl, tag);
  return { browser, page };
}

/**
 * Creates a fresh account through the sign-up form, confirms its address and waits for the library.
 * A test with its own server passes that server's `mailDir`.
 */
export async function signUp(page: Page, baseUrl: string, tag: string, mailDir?: string): Promise<string> {
  const email = `${tag}-${Date.now()}@example.com`;
  await openApp(page, `${baseUrl}/login`);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/dashboard');
  await confirmEmail(page, baseUrl, email, mailDir ?? inject('mailDir'));
  return email;
}

/** Chromium with one 1280×900 page that waits up to a minute for what it looks for. */
export async function launchDesktopPage(): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(60_000);
  return { browser, page };
}

export interface ScreenMode {
  dark: boolean;
  name: 'desktop' | 'phone';
  width: number;
  height: number;
  /** `light-desktop`, `dark-phone`, ...: the start of its screenshots' names. */
  tag: string;
}

/** Light and dark, each at 1280 px and 390 px: the four ways the screenshot tests show a screen. */
export const SCREEN_MODES: ScreenMode[] = [false, true].flatMap((dark) =>
  (
    [
      { name: 'desktop', width: 1280, height: 900 },
      { name: 'phone', width: 390, height: 844 },
    ] as const
  ).map((viewport) => ({ dark, ...viewport, tag: `${dark ? 'dark' : 'light'}-${viewport.name}` })),
);

/**
 * A page in a context of its own, at `mode`'s size and colour scheme, and `shoot(name)`: saves the
 * whole page as `<dir>/<tag>-<name>.png` and fails when anything sticks out sideways.
 */
export async function screenPage(browser: Browser, mode: ScreenMode, dir: string) {
  const context = await browser.newContext({ viewport: { width: mode.width, height: mode.height } });
  await context.addInitScript((d) => localStorage.setItem('darkMode', String(d)), mode.dark);
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const shoot = async (name: string) => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(dir, `${mode.tag}-${name}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
  };
  return { context, page, shoot };
}

/**
 * Opens a page of the app and waits until the app has taken it over: the public pages are
 * pre-rendered and paint first (decision 305), and a field filled before that is the page's, not yet
 * the app's.
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
}
