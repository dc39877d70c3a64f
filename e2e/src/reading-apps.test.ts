import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBook } from '@booktranslate/ebook';
import { makeTinyEpub } from '@booktranslate/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { bookPath, signUp } from './e2e-helpers';
import { ACQUISITION, basicAuth, readOpds1, readOpds2 } from './opds-client';
import { translateBook } from './reading-helpers';
import { e2eMissingReason } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`reading apps browser tests skipped: ${reason}`);

/**
 * The catalogue end to end: an app password made in Settings (Chromium), the catalogue read from
 * Node by Readium's parser (r2-opds-js, Thorium's) through HTTP Basic, the EPUB opened, the password
 * revoked in Settings, and a second account that sees none of the first one's books.
 */
describe.skipIf(reason)('reading apps read the catalogue with an app password from Settings', () => {
  const url = inject('serverUrl');
  let browser: Browser;
  let page: Page;
  let email: string;
  let password: string;
  let translationId: string;
  let epubHref: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(60_000);
    email = await signUp(page, url, 'opds');
    const dir = mkdtempSync(join(tmpdir(), 'bt-e2e-opds-'));
    // A corpus book (Alice, illustrated EPUB 3) where ../shared is there, else one built here.
    const corpus = bookPath('alice');
    const path = corpus ?? join(dir, 'tiny.epub');
    if (!corpus) writeFileSync(path, makeTinyEpub({ title: 'The Catalogue Tale' }));
    translationId = await translateBook(page, path, corpus ? /Alice/ : /Catalogue Tale/);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Creates an app password in Settings and returns what the one-time dialog shows. */
  async function createPassword(on: Page, name: string) {
    await on.goto(`${url}/profile`);
    const section = on.getByRole('region', { name: 'Reading apps' });
    await section.getByLabel('Name of the new password').fill(name);
    await section.getByRole('button', { name: 'Create app password' }).click();
    const dialog = on.getByRole('dialog', { name: `App password for “${name}”` });
    await dialog.getByText('you will not see it again').waitFor();
    const shown = {
      password: await dialog.getByLabel('Password', { exact: true }).inputValue(),
      user: await dialog.getByLabel('User name', { exact: true }).inputValue(),
      tokenUrl: await dialog.getByLabel('Private address (OPDS 1.2)', { exact: true }).inputValue(),
    };
    await dialog.getByRole('button', { name: 'Done' }).click();
    await section.getByRole('listitem', { name }).getByText('Never used').waitFor();
    return {
      ...shown,
      catalogue: await section
        .getByLabel('Catalogue address (OPDS 1.2, most apps)', { exact: true })
        .inputValue(),
    };
  }

  it('creates a password in Settings; Readium reads OPDS 1.2 and 2.0 with it and the EPUB opens', async () => {
    const shown = await createPassword(page, 'Thorium');
    password = shown.password;
    expect(password).toMatch(/^([a-z2-9]{4}-){5}[a-z2-9]{4}$/);
    expect(shown.user).toBe(email);
    expect(shown.catalogue).toBe(`${url}/opds/`);
    expect(shown.tokenUrl).toMatch(/\/opds\/t\/[\w-]+\.[a-z2-9]{24}\/$/);
    const auth = basicAuth(email, password);

    const root = await readOpds1(shown.catalogue, shown.catalogue, auth);
    expect(root.Entries.map((e) => e.Title)).toEqual(['Recent translations', 'By language', 'By book']);
    const recentHref = root.Entries[0]?.Links.find((l) => l.Rel === 'http://opds-spec.org/sort/new')?.Href;
    const recent = await readOpds1(url, recentHref ?? '', auth);
    expect(recent.Entries.map((e) => e.Id)).toEqual([`urn:uuid:${translationId}`]);
    const epubLink = recent.Entries[0]?.Links.find(
      (l) => l.Rel === ACQUISITION && l.Type === 'application/epub+zip',
    );
    expect(epubLink?.Title).toBe('EPUB');
    epubHref = epubLink?.Href ?? '';
    const epub = await fetch(new URL(epubLink?.Href ?? '', url), { headers: auth });
    expect(epub.status).toBe(200);
    const book = await readBook(new Uint8Array(await epub.arrayBuffer()), { filename: 'book.epub' });
    expect(book.chapters.length).toBeGreaterThan(0);

    const v2 = await readOpds2(url, '/opds/v2/', auth);
    const recent2 = await readOpds2(url, v2.Navigation[0]?.Href ?? '', auth);
    expect(recent2.Publications.map((p) => p.Metadata.Identifier)).toEqual([`urn:uuid:${translationId}`]);

    // Settings shows the use.
    await page.reload();
    await page
      .getByRole('region', { name: 'Reading apps' })
      .getByRole('listitem', { name: 'Thorium' })
      .getByText(/Last used just now/)
      .waitFor();
  });

  it("a second account's password sees none of the first account's books", async () => {
    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const otherPage = await other.newPage();
    otherPage.setDefaultTimeout(60_000);
    const otherEmail = await signUp(otherPage, url, 'opds-other');
    const shown = await createPassword(otherPage, 'Phone');
    const auth = basicAuth(otherEmail, shown.password);
    const recent = await readOpds1(url, '/opds/recent/', auth);
    // An empty feed (the parser leaves out the entries it did not find).
    expect(recent.Title).toBeTruthy();
    expect(recent.Entries ?? []).toEqual([]);
    const book = await fetch(new URL(epubHref, url), { headers: auth });
    expect(book.status).toBe(404);
    // Nor can it sign in as the first account.
    expect((await fetch(`${url}/opds/`, { headers: basicAuth(email, shown.password) })).status).toBe(401);
    await other.close();
  });

  it('revoked in Settings, the password gets 401 at once', async () => {
    await page.goto(`${url}/profile`);
    const row = page.getByRole('region', { name: 'Reading apps' }).getByRole('listitem', { name: 'Thorium' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: 'Revoke password' }).click();
    await page.getByText('No app passwords yet.').waitFor();
    const refused = await fetch(`${url}/opds/`, { headers: basicAuth(email, password) });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Basic /);
  });
});
