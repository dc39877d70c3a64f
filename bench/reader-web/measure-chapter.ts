// The reader page measured in Chromium: generated chapters answered inside the browser, then the
// time to the first row and to every row, a scroll through the chapter and 30 arrow presses.
import type { Passage, PassagesResponse } from '@booktranslate/contract';
import type { Page } from 'playwright-core';
import {
  wireBook,
  wireConfig,
  wireId,
  wirePassage,
  wirePassagesAnswer,
  wireUser,
} from '../../apps/web/src/api/mock/wire';

// The page-side code runs in Chromium. The bench compiles without the DOM library, so these are the
// few browser globals it uses, declared for this file only (performance as Chromium has it).
interface PageElement {
  focus(): void;
  getAttribute(name: string): string | null;
  dispatchEvent(event: KeyboardEvent): boolean;
}
declare const window: {
  scrollY: number;
  innerHeight: number;
  scrollBy(options: { top: number; behavior: 'instant' }): void;
  benchMarks: { first?: number };
};
declare const document: {
  documentElement: { scrollHeight: number };
  activeElement: PageElement | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): { length: number };
};
declare const performance: {
  now(): number;
  getEntriesByType(type: 'resource'): { name: string; responseEnd: number }[];
  /** Chromium only. */
  memory?: { usedJSHeapSize: number };
};
declare function requestAnimationFrame(callback: () => void): number;
declare class MutationObserver {
  constructor(callback: () => void);
  observe(target: unknown, options: { childList: boolean; subtree: boolean }): void;
}
declare class KeyboardEvent {
  constructor(type: string, init: { key: string; bubbles: boolean });
}

const WORDS =
  'the keeper climbed slowly up narrow stairs while wind and rain beat against old glass above dark water'.split(
    ' ',
  );
const PALABRAS =
  'el farero subía despacio por la escalera estrecha mientras viento y lluvia golpeaban el viejo cristal'.split(
    ' ',
  );
const sentence = (words: string[], seed: number, n: number) =>
  Array.from({ length: n }, (_, i) => words[(seed * 7 + i * 3) % words.length]).join(' ');

/** A 40-word passage; every 7th has a marked name, every 40th a glossary flag, every 97th is edited. */
function passage(chapter: number, i: number): Passage {
  const src = sentence(WORDS, i, 38);
  const tgt = sentence(PALABRAS, i, 40);
  const marked = i % 7 === 0;
  const mark = { n: 1, kind: 'emphasis' as const, href: null };
  return wirePassage({
    block_id: `c${chapter}-p${i}`,
    kind: i === 0 ? 'heading' : 'paragraph',
    source: marked
      ? [
          { type: 'text', text: 'Old ', marks: [] },
          { type: 'text', text: 'Tomas', marks: [mark] },
          { type: 'text', text: ` ${src}.`, marks: [] },
        ]
      : [{ type: 'text', text: `${src}.`, marks: [] }],
    target: marked
      ? [
          { type: 'text', text: 'El viejo ', marks: [] },
          { type: 'text', text: 'Tomás', marks: [mark] },
          { type: 'text', text: ` ${tgt}.`, marks: [] },
        ]
      : [{ type: 'text', text: `${tgt}.`, marks: [] }],
    target_text: marked ? `El viejo <g1>Tomás</g1> ${tgt}.` : `${tgt}.`,
    flags:
      i % 40 === 5 ? [{ reason: 'glossary', message: '“Gull Point” should be “Punta de las Gaviotas”' }] : [],
    edited: i % 97 === 3,
  });
}

function chapterAnswer(chapters: number, per: number, chapter: number): PassagesResponse {
  return wirePassagesAnswer({
    translation_id: wireId('c1'),
    chapter,
    chapters: Array.from({ length: chapters }, (_, index) => ({
      index,
      title: `Chapter ${index + 1}`,
      depth: 0,
      part: 1,
      parts: 1,
      flagged: Math.ceil(per / 40),
      passages: per,
    })),
    passages: Array.from({ length: per }, (_, i) => passage(chapter, i)),
  });
}

async function serveApi(page: Page, chapters: number, per: number) {
  await page.route('**/api/v1/**', async (route) => {
    const url = new URL(route.request().url());
    const path = url.pathname.replace('/api/v1', '');
    const json = (body: unknown) => route.fulfill({ json: body });
    if (path === '/auth/csrf/') return json({ csrf_token: 'tok' });
    if (path === '/users/profile/') return json(wireUser());
    if (path === '/config/public') return json(wireConfig());
    if (path === `/books/${wireId('b1')}/`) return json(wireBook({ title: 'A 200,000-word book' }));
    if (path.endsWith('/passages/'))
      return json(chapterAnswer(chapters, per, Number(url.searchParams.get('chapter') ?? 0)));
    return route.fulfill({
      status: 404,
      json: { success: false, error: { code: 'NOT_FOUND', message: path } },
    });
  });
}

/** Time to the first row and to every row, then a scroll through the chapter and 30 arrow presses. */
export async function measure(page: Page, base: string, chapters: number, per: number) {
  await serveApi(page, chapters, per);
  // tsx names functions with a helper the page does not have.
  await page.addInitScript('window.__name = (f) => f');
  await page.addInitScript(() => {
    window.benchMarks = {};
    new MutationObserver(() => {
      const rows = document.querySelectorAll('li[data-index]').length;
      if (rows > 0 && !window.benchMarks.first) window.benchMarks.first = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${base}/books/${wireId('b1')}/translations/${wireId('c1')}/read`);
  await page.locator(`li[data-index="${per - 1}"]`).waitFor({ state: 'attached', timeout: 120_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
  return page.evaluate(async () => {
    const painted = performance.now();
    const answer = performance.getEntriesByType('resource').find((e) => e.name.includes('/passages/'));
    const frame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
    // Scroll through the whole chapter a screen at a time, timing each frame.
    const gaps: number[] = [];
    let last = await frame();
    const started = last;
    // The page scrolls smoothly for people; the measurement jumps a screen per frame.
    while (
      window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 2 &&
      gaps.length < 1200
    ) {
      window.scrollBy({ top: window.innerHeight, behavior: 'instant' });
      const now = await frame();
      gaps.push(now - last);
      last = now;
    }
    const scrolled = performance.now() - started;
    // Arrow keys: keydown to the next frame after the focus moved.
    document.querySelector('li[data-index="0"]')?.focus();
    const keys: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      document.activeElement?.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }),
      );
      await frame();
      keys.push(performance.now() - t0);
    }
    const heap = performance.memory?.usedJSHeapSize;
    const first = window.benchMarks.first ?? 0;
    const sorted = [...gaps].sort((a, b) => a - b);
    return {
      rows: document.querySelectorAll('li[data-index]').length,
      answerMs: Math.round(answer?.responseEnd ?? 0),
      firstRowMs: Math.round(first),
      renderAfterAnswerMs: Math.round(first - (answer?.responseEnd ?? 0)),
      allRowsMs: Math.round(painted),
      scrollScreens: gaps.length,
      scrollTotalMs: Math.round(scrolled),
      frameMedianMs: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      frameMaxMs: Math.round(sorted.at(-1) ?? 0),
      arrowMedianMs: Math.round([...keys].sort((a, b) => a - b)[15] ?? 0),
      focusedIndex: document.activeElement?.getAttribute('data-index') ?? null,
      heapMB: heap ? Math.round(heap / 1e6) : null,
    };
  });
}
