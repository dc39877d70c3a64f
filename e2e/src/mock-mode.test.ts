import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { openApp } from './e2e-helpers';
import { freePort, repoRoot } from './start-server';

const reason = existsSync('/usr/bin/chromium') ? undefined : '/usr/bin/chromium is not installed';
if (reason) console.warn(`mock-mode browser test skipped: ${reason}`);

/** The mock build (VITE_MOCK_API=true) works as static files with no server at all. */
describe.skipIf(reason)('mock mode as static files', () => {
  let preview: ChildProcess;
  let browser: Browser;
  let base = '';

  beforeAll(async () => {
    execFileSync('npm', ['run', 'build:mock', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'ignore' });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const vite = join(repoRoot, 'node_modules/.bin/vite');
    preview = spawn(
      vite,
      ['preview', '--outDir', 'dist-mock', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
      { cwd: join(repoRoot, 'apps/web'), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    preview.stderr?.on('data', (d) => {
      stderr += d;
    });
    // Ready when the page itself answers (not merely something on the port), within 30 s.
    const isApp = () =>
      fetch(`${base}/login`).then(
        async (r) => r.ok && (await r.text()).includes('id="root"'),
        () => false,
      );
    for (let i = 0; !(await isApp()); i++) {
      if (preview.exitCode !== null) throw new Error(`vite preview exited: ${stderr.slice(-1000)}`);
      if (i >= 150) throw new Error(`vite preview did not serve the app on ${base}: ${stderr.slice(-1000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    preview?.kill('SIGTERM');
  });

  /** A page signed in to the mock (any address and password), on the dashboard. */
  async function signedIn() {
    const page = await browser.newPage();
    page.setDefaultTimeout(30_000);
    await openApp(page, `${base}/login`);
    await page.getByLabel('Email').fill('demo@example.com');
    await page.getByLabel('Password').fill('anything at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    return page;
  }

  it('signs in, uploads, and sees the translation complete after 5 seconds', async () => {
    const book = join(mkdtempSync(join(tmpdir(), 'bt-mock-')), 'mock-book.txt');
    writeFileSync(book, 'A mock book\n\nHello.\n');
    const page = await signedIn();
    await page.getByLabel('Choose a book file').setInputFiles(book);
    await page.getByLabel('Target language').selectOption('de');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Start Translation' }).click();
    await page.getByText('Book successfully added!').waitFor();
    await page.waitForTimeout(5500);
    await page.reload();
    await page.getByRole('button', { name: /German · (Completed|Free preview)/ }).waitFor();
    await page.goto(`${base}/billing`);
    await page.getByText('Most Popular').waitFor();
  });

  it('puts a second upload in the demo series, quotes it from memory and shows the series glossary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bt-mock-series-'));
    const page = await signedIn();
    for (const [name, memory] of [
      ['keeper-one.txt', false],
      ['keeper-two.txt', true],
    ] as const) {
      const book = join(dir, name);
      writeFileSync(book, 'A mock book\n\nHello.\n');
      await page.getByLabel('Choose a book file').setInputFiles(book);
      await page.getByLabel('Target language').selectOption('es');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Ready to Translate').waitFor();
      await page.getByText(/credit translates/).waitFor();
      const line = page.getByText('1,850 of 5,000 words from your earlier translations', { exact: true });
      expect(await line.count()).toBe(memory ? 1 : 0);
      await page.getByRole('button', { name: 'Start Translation' }).click();
      await page.getByText('Book successfully added!').waitFor();
      await page.waitForTimeout(5500);
      await page.reload();
    }
    const shelf = page.getByRole('region', { name: 'The Lighthouse Keepers' });
    await shelf.getByText('Vol. 2').waitFor();
    await shelf.getByRole('button', { name: /Spanish · .* · 1,850 words from memory/ }).waitFor();
    await shelf.getByRole('button', { name: 'Series glossary' }).click();
    expect(await page.getByRole('textbox', { name: 'Rendering of New York' }).inputValue()).toBe(
      'Nueva York',
    );
    await page.close();
  });
});
