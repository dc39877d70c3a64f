import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTinyEpub } from '@booktranslate/testkit';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookPath, signedInBrowser } from './e2e-helpers';
import { bookText } from './reading-helpers';
import { e2eMissingReason } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`reader browser tests skipped: ${reason}`);

/** A corpus book when ../shared is there (Alice, EPUB 3), else a small EPUB built in code. */
function bookToUpload(dir: string): { path: string; title: RegExp } {
  const corpus = bookPath('alice');
  if (corpus) return { path: corpus, title: /Alice/i };
  const path = join(dir, 'tiny.epub');
  writeFileSync(
    path,
    makeTinyEpub({
      title: 'The Tiny Tale',
      chapters: [
        {
          title: 'The Door',
          paragraphs: [
            'The door at the end of the hall was never opened by anyone.',
            'Behind it the keeper kept the maps of every harbour he had seen.',
            'Nobody in the village knew how many maps there were.',
          ],
        },
      ],
    }),
  );
  return { path, title: /Tiny Tale/ };
}

describe.skipIf(reason)('the reader in Chromium: read, edit, re-translate, download', () => {
  const server = { url: inject('serverUrl') };
  let browser: Browser;
  let page: Page;
  const dir = mkdtempSync(join(tmpdir(), 'bt-e2e-reader-'));
  const book = bookToUpload(dir);
  const card = () => page.getByRole('article').filter({ hasText: book.title });
  const passages = () => page.getByRole('listitem', { name: /^Passage \d+/ });
  const translationOf = (row: Locator) => row.locator('[lang="es"]');
  /** Passages that can be changed, with a translation into `language`. */
  const changeable = (language: string) =>
    passages()
      .filter({ has: page.getByRole('button', { name: 'Edit' }) })
      .filter({ has: page.locator(`[lang="${language}"]`) });
  /** Changeable Spanish passages of at least four words. */
  const prose = () => changeable('es').filter({ hasText: /\p{L}+ \p{L}+ \p{L}+ \p{L}+/u });
  const shots = mkdtempSync(join(tmpdir(), 'bt-reader-shots-'));

  /**
   * Opens the reader of the translation into `name` from its dialog, at the first chapter with two
   * changeable passages (a book often opens with a cover or a title page).
   */
  async function openReader(name: string, language: string) {
    await card()
      .getByRole('button', { name: new RegExp(`${name} · (Completed|Free preview)`) })
      .waitFor({ timeout: 180_000 });
    await card()
      .getByRole('button', { name: new RegExp(name) })
      .click();
    await page.getByRole('dialog').getByRole('link', { name: 'Read and review' }).click();
    await page.waitForURL('**/read');
    const chapters = page.getByRole('navigation', { name: 'Chapters' }).getByRole('button');
    await chapters.first().waitFor();
    for (let i = 0; (await changeable(language).count()) < 2; i++) {
      expect(i, 'a chapter with two translated prose passages').toBeLessThan(await chapters.count());
      await chapters.nth(i).click();
      await page.waitForTimeout(300);
    }
  }
  let edited = '';
  let retranslated = '';

  beforeAll(async () => {
    ({ browser, page } = await signedInBrowser(server.url, 'reader'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('translates a book and opens it in the reader from the translation dialog', async () => {
    await page.getByLabel('Choose a book file').setInputFiles(book.path);
    await page.getByLabel('Target language').selectOption('es');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Ready to Translate').waitFor();
    await page.getByRole('button', { name: 'Start Translation' }).click();
    await openReader('Spanish', 'es');
  });

  it('shows the reader in light and dark mode and at phone width, with nothing sticking out', async () => {
    const url = page.url();
    for (const [name, width, height, dark] of [
      ['light-desktop', 1280, 900, false],
      ['dark-desktop', 1280, 900, true],
      ['light-phone', 390, 844, false],
      ['dark-phone', 390, 844, true],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height } });
      await context.addInitScript((d) => localStorage.setItem('darkMode', String(d)), dark);
      await context.addCookies(await page.context().cookies());
      const shot = await context.newPage();
      const errors: string[] = [];
      shot.on('pageerror', (e) => errors.push(e.message));
      await shot.goto(url);
      await shot
        .getByRole('listitem', { name: /^Passage \d+/ })
        .first()
        .waitFor();
      await shot.waitForTimeout(300);
      await shot.screenshot({ path: join(shots, `reader-${name}.png`) });
      const overflow = await shot.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('edits one passage by hand', async () => {
    // A passage with a translation of some length: the first paragraph-like row.
    const row = prose().first();
    await row.getByRole('button', { name: 'Edit' }).click();
    const box = page.getByRole('textbox', { name: 'Your translation' });
    const before = await box.inputValue();
    await box.fill(`Revisado a mano: ${before}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await row.getByText('Edited', { exact: true }).waitFor();
    edited = (await translationOf(row).innerText()).trim();
    expect(edited).toMatch(/^Revisado a mano: /);
  });

  it('re-translates another passage with an instruction', async () => {
    const row = prose().filter({ hasNotText: 'Revisado a mano' }).first();
    const before = (await translationOf(row).innerText()).trim();
    await row.getByRole('button', { name: 'Re-translate' }).click();
    await row.getByRole('textbox', { name: /Instruction/ }).fill('in capitals, please');
    await row.getByRole('button', { name: 'Re-translate' }).last().click();
    await expect
      .poll(async () => (await translationOf(row).innerText()).trim(), { timeout: 60_000 })
      .toBe(before.toUpperCase());
    retranslated = before.toUpperCase();
    expect(retranslated).not.toBe(before);
    await page.screenshot({ path: join(shots, 'reader-after-changes.png') });
    console.log(`reader screenshots: ${shots}`);
  });

  it('finds the edit across the whole book, lists the edited passages, and opens one in its chapter', async () => {
    expect(edited, 'the edit test ran').not.toBe('');
    const readerUrl = page.url().split('?')[0] as string;
    // Leave the chapter: the search reads the whole book, wherever the reader is.
    await page.getByRole('navigation', { name: 'Chapters' }).getByRole('button').last().click();
    await page.getByRole('searchbox', { name: 'Search the whole book' }).fill('REVISADO A MANO');
    await page.getByText('1 passage holds “REVISADO A MANO”.').waitFor();
    const results = page.getByRole('region', { name: 'Found in the book' });
    expect(await results.locator('mark').first().innerText()).toBe('Revisado a mano');
    await page.getByRole('searchbox', { name: 'Search the whole book' }).fill('');
    await page.getByRole('button', { name: /^Edited \d+$/ }).click();
    // The edit and the re-translation.
    await page.getByText('2 passages are edited.').waitFor();
    for (const mode of ['light-desktop', 'dark-desktop', 'light-phone', 'dark-phone'] as const) {
      const phone = mode.endsWith('phone');
      const context = await browser.newContext({
        viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
      });
      await context.addInitScript(
        (d) => localStorage.setItem('darkMode', String(d)),
        mode.startsWith('dark'),
      );
      await context.addCookies(await page.context().cookies());
      const shot = await context.newPage();
      await shot.goto(page.url());
      await shot.getByText('2 passages are edited.').waitFor();
      await shot.screenshot({ path: join(shots, `reader-search-${mode}.png`), fullPage: !phone });
      const overflow = await shot.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${mode} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
      await context.close();
    }
    await results.getByRole('button', { name: 'Open in chapter' }).first().click();
    await page.waitForURL(`${readerUrl}?*passage=*`);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/Revisado a mano|[A-ZÁÉÍÓÚÑ]{4}/);
  });

  it('shows the book’s own images in the reader, loaded', async () => {
    if (!bookPath('alice')) {
      console.warn('image check skipped: the corpus (../shared) with the illustrated Alice is not here');
      return;
    }
    const id = /translations\/([^/]+)\/read/.exec(page.url())?.[1];
    // The first page holding an image, from the reader's own answers.
    const api = `${server.url}/api/v1/translations/${id}/passages/`;
    const first = (await (await page.request.get(api)).json()) as { chapters: { index: number }[] };
    let withImage = -1;
    for (const c of first.chapters) {
      const body = await (await page.request.get(`${api}?chapter=${c.index}`)).text();
      if (body.includes('"image":"i')) {
        withImage = c.index;
        break;
      }
    }
    expect(withImage, 'a page of Alice with an illustration').toBeGreaterThanOrEqual(0);
    await page.goto(`${page.url().split('?')[0]}?chapter=${withImage}`);
    const image = passages().locator('img').first();
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await image.screenshot({ path: join(shots, 'reader-image.png') });
  });

  it('downloads the EPUB with both changes in it', async () => {
    await page.goto(`${server.url}/dashboard`);
    await card()
      .getByRole('button', { name: /Spanish/ })
      .click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('dialog').getByRole('button', { name: 'EPUB', exact: true }).click(),
    ]);
    expect(edited, 'the edit test ran').not.toBe('');
    expect(retranslated, 'the re-translation test ran').not.toBe('');
    const text = await bookText(await download.path(), 'out.epub');
    // Inline markup becomes separate text runs on screen: compare with collapsed whitespace.
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
    expect(squash(text)).toContain(squash(edited));
    expect(squash(text)).toContain(squash(retranslated));
  });

  it('reads a right-to-left translation right to left', async () => {
    await card()
      .getByRole('button', { name: /Actions for/ })
      .click();
    await page.getByRole('menuitem', { name: 'Add translation' }).click();
    await page.getByRole('dialog').getByLabel('Target language').selectOption('ar');
    await page.getByRole('dialog').getByRole('button', { name: 'Start Translation' }).click();
    await openReader('Arabic', 'ar');
    const target = passages().locator('[lang="ar"]').first();
    await target.waitFor();
    expect(await target.getAttribute('dir')).toBe('rtl');
    expect(await passages().locator('[lang="en"]').first().getAttribute('dir')).toBe('ltr');
    // Laid out right to left, as the browser computes it.
    const align = await target.evaluate((el) => getComputedStyle(el).direction);
    expect(align).toBe('rtl');
    await page.screenshot({ path: join(shots, 'reader-rtl.png') });
  });
});
