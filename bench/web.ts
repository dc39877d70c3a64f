/**
 * The public pages' weight and first paint: builds apps/web (pre-rendered landing, login and legal
 * pages), sums for each page the gzip size of the JavaScript its HTML loads (scripts, module preloads
 * and their static imports; lazy chunks excluded), checks that the HTML carries the page's content
 * before any script, then serves the build with the compiled server and measures in Chromium, with
 * JavaScript off and on, first paint, first contentful paint, whether the headline shows, and (with
 * JavaScript) when the app arrived and all the JavaScript fetched until the network went idle.
 * Budget: the landing's initial JS at most 80 KB gzip.
 *
 *   npm run bench:web            # build, then measure
 *   npm run bench:web -- --no-build [--runs 5] [--no-browser]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/src/browser';
import { conditions, conditionsNow } from './conditions';
import { startServer } from './service/server-process';
import { answerHelp } from './usage';

answerHelp(
  'Usage: npm run bench:web [-- --no-build] [--runs N] [--no-browser]\n\nBuilds apps/web (unless --no-build), prints the initial JS (gzip) of the landing, login and legal\npages, whether their HTML has the content before JS, and first paint / first contentful paint in\nChromium with JavaScript off and on (median of N runs, default 5; --no-browser skips them).\nFails when the landing initial JS is over 80 KB gzip or a page HTML lacks its content.',
);

const BUDGET_KB = 80;
const CHROMIUM = '/usr/bin/chromium';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const argv = process.argv.slice(2);
const runsArg = argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(argv[runsArg + 1]) : 5;

// Each page, its file in the build and a text its first screen must show.
const PAGES = [
  { name: 'landing', path: '/', file: 'index.html', text: 'Read Any Book in Your Language' },
  { name: 'login', path: '/login', file: 'login/index.html', text: 'Welcome back' },
  { name: 'terms', path: '/terms-of-service', file: 'terms-of-service/index.html', text: 'Terms of Service' },
] as const;

const started = conditionsNow();
if (!argv.includes('--no-build'))
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });

const gzipBytes = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The JavaScript an HTML page loads before anything lazy: its scripts, preloads and their static imports. */
function initialJs(html: string) {
  const queue = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((m) => m[1] as string);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    // Static imports only (`import ... from "./x.js"`, `import "./x.js"`), never `import("./x.js")`.
    for (const m of readFileSync(join(dist, file), 'utf8').matchAll(
      /(?:from|import)\s*["']\.\/([^"']+\.js)["']/g,
    ))
      queue.push(join(dirname(file), m[1] as string));
  }
  return { files: [...seen].sort(), gzipKb: kb([...seen].reduce((s, f) => s + gzipBytes(f), 0)) };
}

const pages = PAGES.map((p) => {
  const html = readFileSync(join(dist, p.file), 'utf8');
  const rootMarkup = html.slice(html.indexOf('<div id="root"'), html.indexOf('</body>'));
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)].map(
    (m) => m[1] as string,
  );
  return {
    ...p,
    initialJs: initialJs(html),
    cssGzipKb: kb(css.reduce((s, f) => s + gzipBytes(f), 0)),
    htmlGzipKb: kb(gzipBytes(p.file)),
    contentInHtml: rootMarkup.includes(`>${p.text}<`),
    inlineScripts: [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>/g)].length,
  };
});

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round((s[Math.floor((s.length - 1) / 2)] as number) * 10) / 10 : null;
};

/** One cold visit (a fresh context, so an empty cache) with JavaScript off or on. */
async function visit(browser: Browser, url: string, text: string, js: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 1280, height: 900 } });
  const scripts: Promise<number>[] = [];
  try {
    const page = await context.newPage();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script')
        scripts.push(
          r.body().then(
            (b) => gzipSync(b, { level: 9 }).length,
            () => 0,
          ),
        );
    });
    await page.goto(url, { waitUntil: 'load' });
    if (js) await page.waitForLoadState('networkidle');
    const headlineShown = await page.getByText(text, { exact: true }).first().isVisible();
    // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
    const read = async () =>
      (await page.evaluate(`(() => {
        const paint = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
        const app = performance.getEntriesByType('resource').find((e) => /\\/assets\\/main-[^/]+\\.js$/.test(e.name));
        return { fp: paint('first-paint'), fcp: paint('first-contentful-paint'), app: app?.responseEnd ?? null };
      })()`)) as { fp: number | null; fcp: number | null; app: number | null };
    // The paint entries may come after `load` on a busy machine: look again for 3 s at most (polled
    // from here, since a page without JavaScript runs no timers).
    let t = await read();
    for (let i = 0; i < 30 && t.fcp === null; i++) {
      await new Promise((r) => setTimeout(r, 100));
      t = await read();
    }
    return { ...t, headlineShown, jsGzip: (await Promise.all(scripts)).reduce((s, n) => s + n, 0) };
  } finally {
    await context.close();
  }
}

async function measureInBrowser() {
  if (!existsSync(CHROMIUM)) return { skipped: `${CHROMIUM} is not installed` };
  const server = await startServer({});
  const browser = await launchBrowser();
  try {
    const out: Record<string, unknown> = {};
    for (const p of PAGES) {
      for (const js of [false, true]) {
        const runs: Awaited<ReturnType<typeof visit>>[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, server.url + p.path, p.text, js));
        const pick = (k: 'fp' | 'fcp' | 'app') => median(runs.flatMap((r) => (r[k] === null ? [] : [r[k]])));
        out[`${p.name}_${js ? 'js' : 'no_js'}`] = {
          first_paint_ms: pick('fp'),
          first_contentful_paint_ms: pick('fcp'),
          headline_shown: runs.every((r) => r.headlineShown),
          runs_with_contentful_paint: runs.filter((r) => r.fcp !== null).length,
          ...(js
            ? {
                app_loaded_ms: pick('app'),
                js_until_network_idle_gzip_kb: kb(median(runs.map((r) => r.jsGzip)) ?? 0),
              }
            : {}),
        };
      }
    }
    return { browser: `${CHROMIUM} ${browser.version()}`, runs: RUNS, viewport: '1280x900', ...out };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const browserFigures = argv.includes('--no-browser') ? { skipped: '--no-browser' } : await measureInBrowser();
const landing = pages[0];
console.log(
  JSON.stringify(
    {
      bench: 'web',
      budget_landing_initial_js_gzip_kb: BUDGET_KB,
      pages: Object.fromEntries(
        pages.map((p) => [
          p.name,
          {
            path: p.path,
            initial_js_gzip_kb: p.initialJs.gzipKb,
            initial_js_files: p.initialJs.files,
            css_gzip_kb: p.cssGzipKb,
            html_gzip_kb: p.htmlGzipKb,
            content_in_html_before_js: p.contentInHtml,
            inline_scripts: p.inlineScripts,
          },
        ]),
      ),
      chromium: browserFigures,
      conditions: conditions(started, { logLevel: 'warn' }),
    },
    null,
    2,
  ),
);
if (
  !landing ||
  landing.initialJs.gzipKb > BUDGET_KB ||
  pages.some((p) => !p.contentInHtml || p.inlineScripts > 0)
) {
  console.error('over budget, or a page lacks its content or has an inline script');
  process.exitCode = 1;
}
