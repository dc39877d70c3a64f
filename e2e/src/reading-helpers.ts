import { readFileSync } from 'node:fs';
import { plainText, readBook } from '@booktranslate/ebook';
import type { Page } from 'playwright-core';

/** Every block's visible text of a downloaded book (`filename` names its format), one string. */
export async function bookText(file: string, filename: string): Promise<string> {
  const book = await readBook(new Uint8Array(readFileSync(file)), { filename });
  return book.chapters.flatMap((c) => c.blocks.map((b) => plainText(b.text))).join('\n');
}

/**
 * Uploads `path` through the wizard into Spanish, follows it in its dialog to Completed (a longer
 * book on the sign-up's Free credits: a completed Free preview) and returns
 * the translation's id (from the dialog's reader link); the dialog is left open.
 */
export async function translateBook(page: Page, path: string, title: RegExp): Promise<string> {
  await page.getByLabel('Choose a book file').setInputFiles(path);
  await page.getByLabel('Target language').selectOption('es');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Ready to Translate').waitFor();
  await page.getByRole('button', { name: 'Start Translation' }).click();
  await page.getByText('Book successfully added!').waitFor();
  const card = page.getByRole('article').filter({ hasText: title });
  await card.getByRole('button', { name: /Spanish/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(/^Status: (Completed|Free preview)$/).waitFor({ timeout: 120_000 });
  const href = await dialog.getByRole('link', { name: 'Read and review' }).getAttribute('href');
  const id = href?.match(/\/translations\/([^/]+)\/read$/)?.[1];
  if (!id) throw new Error(`no translation id in ${href}`);
  return id;
}
