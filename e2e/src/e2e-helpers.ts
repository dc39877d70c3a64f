import { existsSync } from 'node:fs';
import { corpusFiles } from '@booktranslate/testkit';
import type { Page } from 'playwright-core';

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

/** Creates a fresh account through the sign-up form and waits for the library. */
export async function signUp(page: Page, baseUrl: string, tag: string): Promise<string> {
  const email = `${tag}-${Date.now()}@example.com`;
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/dashboard');
  return email;
}
