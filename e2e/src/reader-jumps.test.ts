import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { e2eMissingReason } from './start-server';

const reason = e2eMissingReason();
if (reason) console.warn(`reader jump browser tests skipped: ${reason}`);

const BOOK = '00000000-0000-4000-8000-0000000000b1';
const TRANSLATION = '00000000-0000-4000-8000-0000000000c1';
const LINE =
  'The river ran past the mill while the old keeper watched the water rise over the stones by the bridge, counting boats. ';

/** A chapter of `size` passages, each a few lines long, flagged where `flagged` says. */
function chapter(n: number, size: number, flagged: number) {
  return Array.from({ length: size }, (_, i) => {
    const text = `${n}.${i} ${LINE.repeat(3)}`;
    return {
      block_id: `c${n}.b${i}`,
      kind: 'paragraph',
      source: [{ type: 'text', text, marks: [] }],
      target: [{ type: 'text', text, marks: [] }],
      target_text: text,
      flags: i === flagged ? [{ reason: 'length', message: 'Twice as long as the original' }] : [],
      edited: false,
      retranslated: false,
      beyond_preview: false,
    };
  });
}

/**
 * The web app served by the compiled server, its API answered here: a signed-in reader and a
 * translation of two long chapters (300 passages each, the most a page of the reader holds is 400),
 * one flagged passage near the end of each.
 */
async function fakeApi(page: Page): Promise<void> {
  const book = [chapter(0, 300, 280), chapter(1, 300, 250)];
  const now = new Date().toISOString();
  const user = {
    id: '00000000-0000-4000-8000-00000000000a',
    email: 'ann@example.com',
    first_name: 'Ann',
    last_name: 'Reader',
    full_name: 'Ann Reader',
    picture: null,
    subscription_plan: 'reader',
    subscription_status: 'active',
    available_credits: 1,
    credits_available: { FREE: 0, READER: 1, BOOKWORM: 0 },
    billing_plan_type: 'month',
    preferred_languages: [],
    email_notifications: false,
    email_confirmed: true,
    free_credits_pending: 0,
    created_at: now,
    updated_at: now,
  };
  await page.route('**/api/v1/**', async (route: Route) => {
    const url = new URL(route.request().url());
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const json = (body: unknown, status = 200) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (path === '/auth/csrf/') return json({ csrf_token: 'token' });
    if (path === '/users/profile/') return json(user);
    if (path === `/books/${BOOK}/`) return json({ id: BOOK, title: 'The Long River', translations: [] });
    if (path !== `/translations/${TRANSLATION}/passages/`)
      return json({ error: { code: 'NOT_FOUND', message: 'Not here' } }, 404);
    const index = Number(url.searchParams.get('chapter') ?? 0);
    return json({
      translation_id: TRANSLATION,
      source_language: 'en',
      target_language: 'es',
      source_direction: 'ltr',
      target_direction: 'ltr',
      chapter: index,
      chapters: book.map((passages, i) => ({
        index: i,
        title: `CHAPTER ${i + 1}`,
        depth: 0,
        part: 1,
        parts: 1,
        flagged: 1,
        passages: passages.length,
      })),
      passages: book[index] ?? [],
      retranslations: { used: 0, limit: 20, follows_instructions: true },
    });
  });
}

describe.skipIf(reason)('"Next flagged passage" in Chromium', () => {
  const server = { url: inject('serverUrl') };
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * Waits until the focused element is `name` and has stayed on the screen for a second (a scroll
   * passing over it does not count); fails with where it is otherwise.
   */
  async function expectShown(page: Page, name: string) {
    let since = 0;
    let last = '';
    for (const started = Date.now(); Date.now() - started < 40_000; ) {
      const at = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const r = el.getBoundingClientRect();
        return { name: el.getAttribute('aria-label'), top: r.top, bottom: r.bottom, height: innerHeight };
      });
      last = JSON.stringify(at);
      const shown = at.name === name && at.top >= 0 && at.bottom <= at.height;
      since = shown ? since || Date.now() : 0;
      if (since && Date.now() - since >= 1000) return;
      await page.waitForTimeout(150);
    }
    expect.fail(`${name} is not on the screen: ${last}`);
  }

  it('scrolls the flagged passage into view, in this chapter and in the next one it opens', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(60_000);
    await fakeApi(page);
    await page.goto(`${server.url}/books/${BOOK}/translations/${TRANSLATION}/read`);
    await page.getByRole('heading', { name: 'The Long River' }).waitFor();
    const next = page.getByRole('button', { name: 'Next flagged passage' });
    await next.click();
    await expectShown(page, 'Passage 281, flagged');
    // The next flagged passage is in chapter 2: it opens, and the passage is on the screen.
    await next.click();
    await page.getByRole('heading', { name: 'CHAPTER 2' }).waitFor();
    await expectShown(page, 'Passage 251, flagged');
    await page.close();
  });
});
