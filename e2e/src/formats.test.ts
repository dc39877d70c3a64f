import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openZip, readBook } from '@booktranslate/ebook';
import {
  corpusFormatsDir,
  corpusFormatsMissingReason,
  makeTinyDocx,
  makeTinyPdf,
} from '@booktranslate/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SCREEN_MODES, screenPage, signedInBrowser } from './e2e-helpers';
import { bookText } from './reading-helpers';
import { e2eMissingReason } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`format browser tests skipped: ${reason}`);
const corpus = corpusFormatsMissingReason();
if (corpus) console.warn(`format browser tests use books made in code: ${corpus}`);

/** A corpus file made by calibre or LibreOffice where ../shared is there, else one made in code. */
function fileToUpload(dir: string, corpusName: string, name: string, make: () => Uint8Array): string {
  if (!corpus) return join(corpusFormatsDir, corpusName);
  const path = join(dir, name);
  writeFileSync(path, make());
  return path;
}

/** One part of a zip (a DOCX), as text. */
function zipPart(bytes: Uint8Array, name: string): string {
  const zip = openZip(bytes);
  const entry = zip.get(name);
  return entry ? new TextDecoder().decode(zip.read(entry)) : '';
}

describe.skipIf(reason)('PDF and DOCX books in Chromium: upload, read, download', () => {
  const server = { url: inject('serverUrl') };
  let browser: Browser;
  let page: Page;
  const dir = mkdtempSync(join(tmpdir(), 'bt-e2e-formats-'));
  const shots = mkdtempSync(join(tmpdir(), 'bt-formats-shots-'));
  const pdf = fileToUpload(dir, 'en-wasteland-eliot-calibre.pdf', 'tiny.pdf', makeTinyPdf);
  const docx = fileToUpload(dir, 'ru-bulgakov-zapiski-libreoffice.docx', 'tiny.docx', makeTinyDocx);
  const passages = () => page.getByRole('listitem', { name: /^Passage \d+/ });

  /** Chooses the file and Spanish, and waits for the quote. */
  async function quote(file: string) {
    await page.goto(`${server.url}/dashboard`);
    await page.getByLabel('Choose a book file').setInputFiles(file);
    await page.getByLabel('Target language').selectOption('es');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Ready to Translate').waitFor();
  }

  /** Translates the file into Spanish and opens its translation's dialog once it is done. */
  async function translate(file: string, name: string) {
    await quote(file);
    await page.getByText(/credit translates/).waitFor();
    await page.screenshot({ path: join(shots, `quote-${name}.png`) });
    await page.getByRole('button', { name: 'Start Translation' }).click();
    const card = page.getByRole('article').filter({ hasText: new RegExp(name, 'i') });
    await card
      .getByRole('button', { name: /Spanish · (Completed|Free preview)/ })
      .waitFor({ timeout: 180_000 });
    await card.getByRole('button', { name: /Spanish/ }).click();
  }

  async function download(label: string): Promise<string> {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('dialog').getByRole('button', { name: label, exact: true }).click(),
    ]);
    return file.path();
  }

  beforeAll(async () => {
    ({ browser, page } = await signedInBrowser(server.url, 'formats'));
  });
  afterAll(async () => {
    await browser?.close();
    console.log(`format screenshots: ${shots}`);
  });

  it('refuses a scanned PDF before any credit, saying what to do (while the credits are still there)', async () => {
    if (corpus) {
      console.warn(`scanned PDF check skipped: ${corpus}`);
      return;
    }
    await quote(join(corpusFormatsDir, 'en-alice-wonderland-scanned-images.pdf'));
    await page.getByText(/scanned page images with no text layer/).waitFor();
    expect(await page.getByRole('button', { name: 'Start Translation' }).isDisabled()).toBe(true);
    // The refusal as the user sees it, light and dark, desktop and phone (nothing may stick out).
    for (const mode of SCREEN_MODES) {
      const { context, page: shot, shoot } = await screenPage(browser, mode, shots);
      await context.addCookies(await page.context().cookies());
      await shot.goto(`${server.url}/dashboard`);
      await shot
        .getByLabel('Choose a book file')
        .setInputFiles(join(corpusFormatsDir, 'en-alice-wonderland-scanned-images.pdf'));
      await shot.getByLabel('Target language').selectOption('es');
      await shot.getByRole('button', { name: 'Next' }).click();
      await shot.getByText(/scanned page images/).waitFor();
      await shoot('scanned');
      await context.close();
    }
  });

  it('translates a PDF, reads it in the reader and downloads it as EPUB', async () => {
    const name = corpus ? 'tiny' : 'Waste Land|wasteland';
    await translate(pdf, name);
    const dialog = page.getByRole('dialog');
    // A PDF is offered as EPUB, FB2 and TXT, never as a PDF or DOCX.
    await dialog.getByRole('button', { name: 'EPUB', exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'DOCX', exact: true }).count()).toBe(0);
    const epub = await download('EPUB');
    const text = await bookText(epub, 'out.epub');
    expect(text.length).toBeGreaterThan(100);
    await page.goto(`${server.url}/dashboard`);
    await page
      .getByRole('article')
      .filter({ hasText: new RegExp(name, 'i') })
      .getByRole('button', { name: /Spanish/ })
      .click();
    await page.getByRole('dialog').getByRole('link', { name: 'Read and review' }).click();
    await page.waitForURL('**/read');
    await passages().first().waitFor();
    expect(await passages().locator('[lang="es"]').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(shots, 'reader-pdf.png') });
  });

  it('translates a DOCX and downloads a DOCX with the translation in the original’s styles', async () => {
    await translate(docx, corpus ? 'tiny' : 'Записки|zapiski');
    const written = await download('DOCX');
    const original = new Uint8Array(readFileSync(docx));
    const translated = new Uint8Array(readFileSync(written));
    const book = await readBook(translated, { filename: 'out.docx' });
    expect(book.format).toBe('docx');
    // The styles travel unchanged but for the language marks, which now say Spanish.
    const unmarked = (xml: string) => xml.replace(/<w:lang [^>]*>/g, '<w:lang/>');
    const styles = zipPart(original, 'word/styles.xml');
    expect(styles.length).toBeGreaterThan(0);
    expect(unmarked(zipPart(translated, 'word/styles.xml'))).toBe(unmarked(styles));
    expect(zipPart(translated, 'word/styles.xml')).toContain('w:val="es');
    expect(await bookText(written, 'out.docx')).not.toBe(await bookText(docx, 'in.docx'));
  });
});
