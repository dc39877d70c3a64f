import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTinyEpub } from '@booktranslate/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { SCREEN_MODES, screenPage, signUp } from './e2e-helpers';
import { e2eMissingReason } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`series browser tests skipped: ${reason}`);

const SERIES = 'The Mill Stories';
/** The line both volumes open with: the only passage of volume 2 the memory holds after volume 1. */
const SHARED = 'These are the stories told by the fire at the old mill on the river.';

/** Two volumes of one series: the first declares it as EPUB 3 does, the second as calibre does. */
function writeVolumes(dir: string): { first: string; second: string } {
  const first = join(dir, 'the-first-mill.epub');
  const second = join(dir, 'the-second-mill.epub');
  writeFileSync(
    first,
    makeTinyEpub({
      title: 'The First Mill',
      identifier: 'urn:uuid:0b5e6c1e-1111-4c55-9d8e-2a4f7b0c9e11',
      series: { name: SERIES, index: 1 },
      chapters: [
        {
          title: 'The Dog',
          paragraphs: [
            SHARED,
            'In the morning Mara walked to the mill with Tobin and the dog.',
            'Later that day Mara saw Tobin again by the river near the mill.',
          ],
        },
      ],
    }),
  );
  writeFileSync(
    second,
    makeTinyEpub({
      title: 'The Second Mill',
      identifier: 'urn:uuid:0b5e6c1e-2222-4c55-9d8e-2a4f7b0c9e11',
      series: { name: SERIES, index: 2, style: 'calibre' },
      chapters: [
        {
          title: 'The Cat',
          paragraphs: [
            SHARED,
            'A year later Mara came back to the mill with Tobin and a cat.',
            'The wheel turned and Mara laughed while Tobin carried the flour home.',
          ],
        },
      ],
    }),
  );
  return { first, second };
}

/**
 * Series and translation memory in Chromium against the real server: two volumes of one series
 * (made in code), volume 1 translated, its names in the series glossary, volume 2's quote counting
 * the one passage it shares, and the same book again quoted as wholly remembered. Screenshots of
 * the grouped library, the series glossary, the quote's memory line, volume 2's translation and its
 * reader with the remembered passage marked, light and dark, 1280 px and 390 px.
 */
describe.skipIf(reason)('series and translation memory in Chromium', () => {
  const server = { url: inject('serverUrl') };
  let browser: Browser;
  let page: Page;
  const dir = mkdtempSync(join(tmpdir(), 'bt-e2e-series-'));
  const shots = mkdtempSync(join(tmpdir(), 'bt-series-shots-'));
  const books = writeVolumes(dir);
  const shelf = (p: Page) => p.getByRole('region', { name: SERIES });

  /** Chooses the file and Spanish and waits for the quote's credit sentence. */
  async function quote(p: Page, file: string) {
    await p.getByLabel('Choose a book file').setInputFiles(file);
    await p.getByLabel('Target language').selectOption('es');
    await p.getByRole('button', { name: 'Next' }).click();
    await p.getByText(/credit translates|costs no credit/).waitFor();
  }

  /** Starts the quoted translation and waits for its chip to say Completed. */
  async function translate(title: string) {
    await page.getByRole('button', { name: 'Start Translation' }).click();
    await page.getByText('Book successfully added!').waitFor();
    await page
      .getByRole('article')
      .filter({ hasText: title })
      .getByRole('button', { name: /Spanish · Completed/ })
      .waitFor({ timeout: 90_000 });
  }

  /** A page of each of the four modes, signed in as the test's account, on the library. */
  async function eachMode(shoot: (p: Page, take: (name: string) => Promise<void>) => Promise<void>) {
    for (const mode of SCREEN_MODES) {
      const { context, page: p, shoot: take } = await screenPage(browser, mode, shots);
      await context.addCookies(await page.context().cookies());
      await p.goto(`${server.url}/dashboard`);
      await p.getByRole('heading', { name: 'Your Books' }).waitFor();
      await shoot(p, take);
      await context.close();
    }
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(60_000);
    await signUp(page, server.url, 'series');
    console.log(`series screenshots: ${shots}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('translates volume 1, shows it under its series and fills the series glossary with its names', async () => {
    await quote(page, books.first);
    // Nothing is remembered yet: the quote has no memory line.
    expect(await page.getByText('Memory', { exact: true }).count()).toBe(0);
    await translate('The First Mill');
    const volume = shelf(page).getByRole('article').filter({ hasText: 'The First Mill' });
    await volume.getByText('Vol. 1').waitFor();
    await shelf(page).getByRole('button', { name: 'Series glossary' }).click();
    const dialog = page.getByRole('dialog', { name: `Series glossary: ${SERIES}` });
    // The fake model renders a name reversed: Mara is araM.
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Rendering of Mara' }).inputValue())
      .toBe('araM');
    expect(await dialog.getByRole('textbox', { name: 'Rendering of Tobin' }).inputValue()).toBe('niboT');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('quotes the same book again as wholly remembered, at no credit', async () => {
    await eachMode(async (p, take) => {
      await quote(p, books.first);
      const memory = p.locator('dt', { hasText: 'Memory' }).locator('xpath=following-sibling::dd[1]');
      expect(await memory.textContent()).toMatch(/^(\d+) of \1 words from your earlier translations$/);
      await p
        .getByText(/Every word of this book is in your earlier translations: it costs no credit/)
        .waitFor();
      await take('quote-memory');
    });
  });

  it('quotes volume 2 with the one passage it shares, translates it and groups both volumes', async () => {
    await page.goto(`${server.url}/dashboard`);
    await quote(page, books.second);
    const sharedWords = SHARED.split(' ').length;
    await page
      .getByText(new RegExp(`^${sharedWords} of \\d+ words from your earlier translations$`))
      .waitFor();
    await translate('The Second Mill');
    const volumes = shelf(page).getByRole('heading', { level: 4 });
    await expect.poll(() => volumes.allTextContents()).toEqual(['The First Mill', 'The Second Mill']);
    await shelf(page).getByText('Vol. 2').waitFor();
    // Volume 2's translation says what it took from memory.
    const chip = shelf(page)
      .getByRole('article')
      .filter({ hasText: 'The Second Mill' })
      .getByRole('button', { name: /Spanish · Completed/ });
    expect(await chip.textContent()).toMatch(/· \d+ words? from memory$/);
    // Its glossary, kept for the series, is what volume 3 will start from.
    await chip.click();
    const translation = page.getByRole('dialog');
    await translation.getByText('Translation brief and glossary').click();
    await translation.getByRole('button', { name: 'Keep for the series' }).click();
    await translation
      .getByRole('status')
      .filter({ hasText: `Kept for the series “${SERIES}”. Volume 3 will use these names.` })
      .waitFor();
    await translation.getByRole('button', { name: 'Close', exact: true }).click();
  });

  it('shows the series, its glossary, a book’s series and the remembered passage in the four modes', async () => {
    await eachMode(async (p, take) => {
      await shelf(p).getByText('Vol. 2').waitFor();
      await take('library-series');
      await shelf(p).getByRole('button', { name: 'Series glossary' }).click();
      await p.getByRole('textbox', { name: 'Rendering of Mara' }).waitFor();
      await take('series-glossary');
      await p.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await shelf(p).getByRole('button', { name: 'Actions for The Second Mill' }).click();
      await p.getByRole('menuitem', { name: 'Series…' }).click();
      expect(await p.getByRole('textbox', { name: 'Series name' }).inputValue()).toBe(SERIES);
      expect(await p.getByRole('textbox', { name: 'Volume' }).inputValue()).toBe('2');
      await take('book-series');
      await p.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      // Volume 2's translation, then its reader, where the remembered passage is marked.
      await shelf(p)
        .getByRole('article')
        .filter({ hasText: 'The Second Mill' })
        .getByRole('button', { name: /Spanish/ })
        .click();
      const dialog = p.getByRole('dialog');
      await dialog.getByText(/^\d+ words? from your earlier translations, not translated again\.$/).waitFor();
      await dialog.getByText('Translation brief and glossary').click();
      await dialog.getByRole('button', { name: 'Keep for the series' }).scrollIntoViewIfNeeded();
      await take('translation-memory');
      await dialog.getByRole('link', { name: 'Read and review' }).click();
      await p.waitForURL('**/read');
      const remembered = p.getByRole('listitem', { name: /^Passage \d+.*, from memory$/ });
      await remembered.first().waitFor();
      expect(await remembered.count()).toBe(1);
      expect(await remembered.textContent()).toContain(SHARED);
      await remembered.getByTitle('Taken from your earlier translations, not translated again').waitFor();
      await take('reader-memory');
    });
  });
});
