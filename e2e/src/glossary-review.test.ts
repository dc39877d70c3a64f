import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTinyEpub } from '@booktranslate/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SCREEN_MODES, screenPage, signedInBrowser } from './e2e-helpers';
import { e2eMissingReason } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`glossary review browser test skipped: ${reason}`);

/**
 * "Review the glossary first" in Chromium: the translation waits with its glossary, says how long it
 * waits before it stops with its credit back, and continues to Completed.
 * Screenshots of the waiting dialog go to a folder printed at the end.
 */
describe.skipIf(reason)('the glossary review in Chromium', () => {
  const server = { url: inject('serverUrl') };
  let browser: Browser;
  let page: Page;
  const dir = mkdtempSync(join(tmpdir(), 'bt-e2e-review-'));
  const shots = mkdtempSync(join(tmpdir(), 'bt-review-shots-'));
  const book = join(dir, 'mill.epub');
  writeFileSync(
    book,
    makeTinyEpub({
      title: 'The Mill at Night',
      chapters: [
        {
          title: 'The Mill',
          paragraphs: [
            'Mara walked down to the old mill by the bridge when the bells rang.',
            'Tobin waited for Mara at the mill until the lamps were lit.',
          ],
        },
      ],
    }),
  );

  beforeAll(async () => {
    ({ browser, page } = await signedInBrowser(server.url, 'review'));
  });
  afterAll(async () => {
    await browser?.close();
    console.log(`glossary review screenshots: ${shots}`);
  });

  it('waits with the glossary, says how long it waits, and continues to Completed', async () => {
    await page.getByLabel('Choose a book file').setInputFiles(book);
    await page.getByLabel('Target language').selectOption('es');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Ready to Translate').waitFor();
    await page.getByLabel(/Review the glossary first/).check();
    await page.getByRole('button', { name: 'Start Translation' }).click();
    await page.getByText('Book successfully added!').waitFor();
    const card = page.getByRole('article').filter({ hasText: 'The Mill at Night' });
    await card.getByRole('button', { name: /Spanish/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/The glossary is ready/).waitFor({ timeout: 120_000 });
    expect(await dialog.textContent()).toContain(
      'If you do not continue within 7 days of your last change, the translation stops and its credit comes back.',
    );

    for (const mode of SCREEN_MODES) {
      const { context, page: shot, shoot } = await screenPage(browser, mode, shots);
      await context.addCookies(await page.context().cookies());
      await shot.goto(`${server.url}/dashboard`);
      await shot
        .getByRole('article')
        .filter({ hasText: 'The Mill at Night' })
        .getByRole('button', { name: /Spanish/ })
        .click();
      await shot
        .getByRole('dialog')
        .getByText(/The glossary is ready/)
        .waitFor();
      await shoot('glossary-review');
      await context.close();
    }

    await dialog.getByRole('button', { name: 'Continue translation' }).click();
    // Continue closes the dialog; the book's chip follows the run to its end.
    await card
      .getByRole('button', { name: /Spanish · (Completed|Free preview)/ })
      .waitFor({ timeout: 120_000 });
  });
});
