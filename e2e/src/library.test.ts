import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusFiles, makeTinyEpub } from '@booktranslate/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { signUp } from './e2e-helpers';
import { e2eMissingReason } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`library browser tests skipped: ${reason}`);

/** A corpus EPUB when ../shared is there, else a small EPUB built in code. */
function bookToUpload(dir: string): { path: string; title: RegExp } {
  const corpus = corpusFiles().find((f) => f.endsWith('en-wasteland-eliot-epub3-ncx-footnotes.epub'));
  if (corpus && existsSync(corpus)) return { path: corpus, title: /Waste Land/i };
  const path = join(dir, 'tiny.epub');
  writeFileSync(path, makeTinyEpub({ title: 'The Tiny Tale' }));
  return { path, title: /Tiny Tale/ };
}

describe.skipIf(reason)(
  'the library in Chromium: upload, progress, downloads, another language, delete',
  () => {
    const server = { url: inject('serverUrl') };
    let browser: Browser;
    let page: Page;
    const dir = mkdtempSync(join(tmpdir(), 'bt-e2e-books-'));
    const book = bookToUpload(dir);
    const card = () => page.getByRole('article').filter({ hasText: book.title });

    beforeAll(async () => {
      browser = await launchBrowser();
      page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
      // A loaded 2-core CI machine can be slow; nothing here should take a minute.
      page.setDefaultTimeout(60_000);
      page.on('dialog', (d) => void d.dismiss());
      await signUp(page, server.url, 'library');
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('uploads a book through the wizard and shows it in the library', async () => {
      await page.getByLabel('Choose a book file').setInputFiles(book.path);
      await page.getByLabel('Target language').selectOption('es');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Ready to Translate').waitFor();
      await page.getByRole('button', { name: 'Start Translation' }).click();
      await page.getByText('Book successfully added!').waitFor();
      await card().waitFor();
      expect(await page.getByRole('heading', { name: 'Free Plan' }).isVisible()).toBe(true);
    });

    it('follows the translation to Completed', async () => {
      await card()
        .getByRole('button', { name: /Spanish/ })
        .click();
      const dialog = page.getByRole('dialog');
      // Progress arrives live over the events stream while the dialog is open.
      const seen = new Set<string>();
      const deadline = Date.now() + 120_000;
      while (!(await dialog.getByText('Status: Completed').isVisible())) {
        if (Date.now() > deadline) throw new Error(`not completed; progress seen: ${[...seen].join(', ')}`);
        const bar = dialog.getByRole('progressbar', { name: 'Translation progress' });
        // The bar leaves the dialog when the run completes: read it without waiting for it to return.
        const value = await bar.getAttribute('aria-valuenow', { timeout: 500 }).catch(() => null);
        if (value !== null) seen.add(value);
        await page.waitForTimeout(250);
      }
      console.log(`progress seen in the dialog: ${[...seen].join(' -> ') || '(done before it opened)'}`);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await card()
        .getByRole('button', { name: /Spanish · Completed/ })
        .waitFor({ timeout: 30_000 });
    });

    it('downloads the translated EPUB and FB2', async () => {
      for (const [label, check] of [
        ['EPUB', (b: Buffer) => b.subarray(0, 2).toString() === 'PK'],
        ['FB2', (b: Buffer) => b.toString('utf8', 0, 200).includes('<FictionBook')],
      ] as const) {
        await card()
          .getByRole('button', { name: /Spanish/ })
          .click();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('dialog').getByRole('button', { name: label, exact: true }).click(),
        ]);
        const file = await download.path();
        expect(check(readFileSync(file)), `${label} content`).toBe(true);
        // The dialog closes half a second after the download starts.
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
    });

    it('adds a second language, then offers the no-credits dialog at zero credits', async () => {
      await card()
        .getByRole('button', { name: /Actions for/ })
        .click();
      await page.getByRole('menuitem', { name: 'Add translation' }).click();
      const dialog = page.getByRole('dialog');
      const options = await dialog.getByLabel('Target language').locator('option').allTextContents();
      expect(options).not.toContain('Spanish');
      await dialog.getByLabel('Target language').selectOption('fr');
      await dialog.getByRole('button', { name: 'Start Translation' }).click();
      await page.getByText('Translation started successfully!').waitFor();
      await card()
        .getByRole('button', { name: /French/ })
        .waitFor();
      // Two Free credits: both are spent now.
      await page.getByText('No Credits Available').first().click();
      await page
        .getByRole('dialog', { name: 'No Credits Available' })
        .getByRole('button', { name: 'Maybe Later' })
        .click();
    });

    it('validates and sends the support form', async () => {
      await page.getByRole('button', { name: 'Need help?' }).click();
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText('Message is required').waitFor();
      await page.getByLabel('Message').fill('too short');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText('Message must be at least 10 characters long').waitFor();
      await page.getByLabel('Message').fill('My translation finished, thank you for the service!');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByText('Message Sent!').waitFor();
      await page.getByRole('button', { name: 'Close support form' }).click();
    });

    it('deletes the book', async () => {
      await card()
        .getByRole('button', { name: /Actions for/ })
        .click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Delete Book' })
        .getByRole('button', { name: 'Delete Book' })
        .click();
      await page.getByText('Book successfully deleted!').waitFor();
      await page.getByText("You don't have any books in your library yet").waitFor();
    });
  },
);
