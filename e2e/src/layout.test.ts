import { randomUUID } from 'node:crypto';
import { makeTinyEpub } from '@booktranslate/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { signUp } from './e2e-helpers';
import { contrastOf, overlapsHelpButton } from './page-measures';
import { e2eMissingReason } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`layout browser tests skipped: ${reason}`);

const LONG_CHAPTER =
  'Chapter XLVII: In Which the Travellers, Having Crossed the Mountains, Find Themselves Unexpectedly_Obliged_To_Wait';

type Raw = Record<string, unknown>;

/**
 * The real list answer with the one uploaded book copied into three of different title lengths and
 * translation states (one running with a very long chapter name, one with four translations).
 */
function library(body: Raw): Raw {
  const items = body.items as Raw[];
  const base = items[0];
  if (!base) return body;
  const t0 = (base.translations as Raw[])[0] ?? {};
  const t = (over: Raw): Raw => ({ ...t0, id: randomUUID(), ...over });
  const book = (title: string, translations: Raw[]): Raw => ({
    ...base,
    id: randomUUID(),
    title,
    translations,
    translation_count: translations.length,
  });
  return {
    ...body,
    total: 3,
    items: [
      book('Emma', [
        t({ target_language: 'es', status: 'translating', progress: 42, current_chapter: LONG_CHAPTER }),
      ]),
      book('The Remarkable and Rather Lengthy History of a Very Patient Translator', [
        t({ target_language: 'fr', status: 'completed', progress: 100 }),
        t({ target_language: 'de', status: 'failed', progress: 30, failure_reason: 'The model gave up.' }),
        t({ target_language: 'it', status: 'pending', progress: 0 }),
        t({ target_language: 'pt', status: 'completed', progress: 100 }),
      ]),
      book('Middlemarch', [t({ target_language: 'nl', status: 'completed', progress: 100 })]),
    ],
  };
}

describe.skipIf(reason)('layout and contrast in Chromium', () => {
  const server = { url: inject('serverUrl') };
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(60_000);
    page = await context.newPage();
    await signUp(page, server.url, 'layout');
    await page.getByLabel('Choose a book file').setInputFiles({
      name: 'tiny.epub',
      mimeType: 'application/epub+zip',
      buffer: Buffer.from(makeTinyEpub({ title: 'The Tiny Tale' })),
    });
    await page.getByLabel('Target language').selectOption('es');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Start Translation' }).click();
    await page.getByText('Book successfully added!').waitFor();
    await context.route(/\/api\/v1\/books\/\?/, async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: library((await answer.json()) as Raw) });
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function showLibrary(width: number, view: 'Grid view' | 'List view', dark = false, height = 0) {
    await page.setViewportSize({ width, height: height || (width < 640 ? 844 : 900) });
    await page.evaluate((d) => localStorage.setItem('darkMode', String(d)), dark);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('article').filter({ hasText: 'Middlemarch' }).waitFor();
    await page.getByRole('button', { name: view }).click();
  }

  it('lines up list rows: chips start at one x, the menu ends each row', async () => {
    await showLibrary(1280, 'List view');
    const rows = await page.getByRole('article').evaluateAll((articles) =>
      articles.map((a) => {
        const box = a.getBoundingClientRect();
        const chips = a.querySelector('ul[aria-label="Translations"]')?.getBoundingClientRect();
        const menu = a.querySelector('button[aria-label^="Actions for"]')?.getBoundingClientRect();
        return { right: box.right, chipsX: chips?.left ?? -1, menuRight: menu?.right ?? -1 };
      }),
    );
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => Math.round(r.chipsX))).size, JSON.stringify(rows)).toBe(1);
    for (const r of rows) expect(r.right - r.menuRight, JSON.stringify(r)).toBeLessThanOrEqual(24);
  });

  it('keeps the page 390 px wide on a phone with a very long chapter name', async () => {
    for (const view of ['Grid view', 'List view'] as const) {
      await showLibrary(390, view);
      await page
        .getByText(/Obliged_To_Wait/)
        .first()
        .waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${view}: document is ${width}px wide`).toBeLessThanOrEqual(390);
    }
  });

  it('leaves the credit numbers and form buttons uncovered by the help button on a phone', async () => {
    // 560 px: what a small phone shows below its browser bars, so the numbers start below the fold.
    await showLibrary(390, 'Grid view', false, 560);
    const targets = [
      ...(await page.getByRole('region', { name: /Plan$/ }).locator('dd').all()),
      page.getByRole('link', { name: 'Upgrade Plan' }).first(),
    ];
    for (const target of targets) {
      // Scrolled down until the element sits on the bottom edge: the worst place for it.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await target.evaluate((el) => {
        const top = el.getBoundingClientRect().bottom + window.scrollY - window.innerHeight;
        window.scrollTo({ top, behavior: 'instant' });
      });
      await page.waitForTimeout(400);
      const box = await target.boundingBox();
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(560);
      expect(await overlapsHelpButton(page, target), (await target.textContent()) ?? '').toBe(false);
    }
    await page.goto(`${server.url}/profile`);
    const save = page.getByRole('button', { name: /^Save/ }).first();
    await save.waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(400);
    expect(await overlapsHelpButton(page, save)).toBe(false);
    // At rest, too: the checkout's Pay button sits where the help button floats on a 390x844 phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/payment`);
    const pay = page.getByRole('button', { name: /^Pay/ });
    await pay.waitFor();
    await page.waitForTimeout(1000);
    expect(await overlapsHelpButton(page, pay)).toBe(false);
  });

  for (const dark of [false, true]) {
    it(`gives the named texts 4.5:1 contrast or more (${dark ? 'dark' : 'light'})`, async () => {
      await showLibrary(1280, 'Grid view', dark);
      const measured: [string, number][] = [];
      const chips = await page.getByRole('list', { name: 'Translations' }).getByRole('button').all();
      for (const chip of chips) measured.push([`chip ${await chip.textContent()}`, await contrastOf(chip)]);
      await page.goto(`${server.url}/billing`);
      const current = page.locator('article[aria-current="true"]');
      await current.waitFor();
      for (const [name, el] of [
        ['dimmed plan name', current.getByRole('heading')],
        ['dimmed plan feature', current.getByRole('listitem').first()],
        ['dimmed plan price note', current.getByText('Always free')],
        ['Current Plan badge', current.getByText('Current Plan').first()],
        ['Current Plan button', current.getByRole('button')],
        ['Most Popular badge', page.getByText('Most Popular')],
        ['Save $49', page.getByText('Save $49')],
      ] as const)
        measured.push([name, await contrastOf(el)]);
      console.log(measured.map(([n, c]) => `${n}: ${c.toFixed(2)}`).join('; '));
      for (const [name, ratio] of measured) expect(ratio, name).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('keeps the upload steps on one row at 390 px, each label on one line', async () => {
    await showLibrary(390, 'Grid view');
    const steps = await page
      .getByRole('list', { name: 'Upload steps' })
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((li) => {
          const label = li.lastElementChild?.getBoundingClientRect();
          const style = getComputedStyle(li);
          return {
            top: Math.round(li.getBoundingClientRect().top),
            right: li.getBoundingClientRect().right,
            labelHeight: label?.height ?? 0,
            lineHeight: Number.parseFloat(style.lineHeight) || 16,
          };
        }),
      );
    expect(steps).toHaveLength(3);
    expect(new Set(steps.map((s) => s.top)).size, JSON.stringify(steps)).toBe(1);
    for (const s of steps) expect(s.labelHeight, JSON.stringify(s)).toBeLessThan(s.lineHeight * 1.5);
    expect(Math.max(...steps.map((s) => s.right))).toBeLessThanOrEqual(390);
  });

  for (const dark of [false, true]) {
    it(`gives the Danger Zone heading 4.5:1 and the unrated stars 3:1 (${dark ? 'dark' : 'light'})`, async () => {
      await showLibrary(1280, 'Grid view', dark);
      await page
        .getByRole('article')
        .filter({ hasText: 'Middlemarch' })
        .getByRole('list', { name: 'Translations' })
        .getByRole('button')
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      const star = dialog.getByRole('button', { name: '5 stars' });
      await star.waitFor();
      expect(await star.getAttribute('aria-pressed')).toBe('false');
      const stars = await contrastOf(star);
      await page.goto(`${server.url}/profile`);
      const heading = page.getByRole('heading', { name: 'Danger Zone' });
      await heading.waitFor();
      const danger = await contrastOf(heading);
      console.log(`unrated star: ${stars.toFixed(2)}; Danger Zone: ${danger.toFixed(2)}`);
      expect(stars, 'unrated star').toBeGreaterThanOrEqual(3);
      expect(danger, 'Danger Zone heading').toBeGreaterThanOrEqual(4.5);
    });
  }
});
