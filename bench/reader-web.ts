/**
 * bench/reader-web: how fast the web reader shows and scrolls a long chapter in Chromium (decision 201).
 * Builds apps/web into a temporary folder (a normal build, not mock mode) unless --dist is given,
 * serves it with `vite preview` on a free 127.0.0.1 port and answers the API inside the browser with
 * generated chapters of 40-word passages (a 200,000-word book is 5,000 of them). Per chapter size and
 * width: the first row and every row from navigation start, a scroll through the chapter a screen per
 * frame, 30 arrow presses and the JS heap. Prints one JSON document; progress goes to stderr.
 * Run: npm run bench:reader-web [-- --stress] [-- --dist DIR]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/src/browser';
import { freePort } from '../e2e/src/start-server';
import { measure } from './reader-web/measure-chapter';
import { answerHelp } from './usage';

answerHelp(
  `Usage: npm run bench:reader-web [-- --stress] [-- --dist DIR]

The web reader on long chapters in Chromium (/usr/bin/chromium): builds apps/web into a temporary
folder, serves it with vite preview on 127.0.0.1 and answers the API in the browser with generated
40-word passages. Cases: 40 chapters of 125 passages and one chapter of 5,000 (a 200,000-word book),
each at 1280 and 390 px wide. Prints one JSON document: per case the first row, all rows, scroll
frames (median, max), an arrow key and the JS heap.

  --stress      also one chapter of 20,000 passages (800,000 words; adds several minutes)
  --dist DIR    serve this build of apps/web instead of building one`,
);

const { values: options } = parseArgs({
  options: { stress: { type: 'boolean', default: false }, dist: { type: 'string' } },
});

const CHROMIUM = '/usr/bin/chromium';
const VIEWPORT_HEIGHT = 900;
const root = resolve(import.meta.dirname, '..');
const vite = join(root, 'node_modules/.bin/vite');
const WIDTHS = [1280, 390];
const CASES = [
  { name: '200k words in 40 chapters (125 passages each)', chapters: 40, passages: 125 },
  { name: '200k words in one chapter (5,000 passages)', chapters: 1, passages: 5000 },
  ...(options.stress
    ? [{ name: '800k words in one chapter (20,000 passages)', chapters: 1, passages: 20000 }]
    : []),
];
// The build takes well under a minute and a 5,000-passage case under two; 20,000 passages scroll
// 1,200 screens at over 100 ms a frame at each width.
const TIME_LIMIT_MS = (options.stress ? 30 : 10) * 60_000;

const progress = (line: string) => console.error(`reader-web: ${line}`);

// What the end (or a failure, or the time limit) stops and removes.
const children = new Set<ChildProcess>();
let browser: Browser | undefined;
let buildDir: string | undefined;

/** Runs a command to its end; its output is kept and shown only if it fails. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) ok();
      else fail(new Error(`${command} ${args.join(' ')}: ${signal ?? code}\n${output.slice(-3000)}`));
    });
  });
}

/** `vite preview` of the build on a free port, once it answers. */
async function startPreview(dist: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    vite,
    ['preview', '--outDir', dist, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: join(root, 'apps/web'), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `vite preview exited with ${child.exitCode ?? child.signalCode}: ${stderr.slice(-2000)}`,
      );
    const answers = await fetch(base).then(
      (r) => r.ok,
      () => false,
    );
    if (answers) return { base, child };
    if (Date.now() > deadline)
      throw new Error(`vite preview did not answer on ${base}: ${stderr.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Stops the browser and every child process and removes the temporary build; safe to call twice. */
async function stopAll(): Promise<void> {
  const closing = browser?.close().catch(() => {});
  browser = undefined;
  const exits = [...children].map((child) => {
    children.delete(child);
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    const exited = new Promise((r) => child.once('exit', r)).finally(() => clearTimeout(killer));
    child.kill('SIGTERM');
    return exited;
  });
  await Promise.all([closing, ...exits]);
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  buildDir = undefined;
}

let givingUp = false;
async function giveUp(message: string, code: number): Promise<never> {
  givingUp = true;
  progress(message);
  await Promise.race([stopAll(), new Promise((r) => setTimeout(r, 15_000))]);
  process.exit(code);
}

const limit = setTimeout(
  () => void giveUp(`over the time limit of ${TIME_LIMIT_MS / 60_000} minutes; stopped`, 1),
  TIME_LIMIT_MS,
);
process.once('SIGINT', () => void giveUp('interrupted', 130));
process.once('SIGTERM', () => void giveUp('terminated', 143));

try {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is not installed`);
  let dist = options.dist ? resolve(options.dist) : undefined;
  if (dist && !existsSync(join(dist, 'index.html'))) throw new Error(`${dist}/index.html does not exist`);
  const startedBuild = Date.now();
  if (!dist) {
    buildDir = mkdtempSync(join(tmpdir(), 'bt-reader-web-'));
    dist = buildDir;
    progress(`building apps/web into ${dist}`);
    const env = { ...process.env };
    delete env.VITE_MOCK_API;
    await run(vite, ['build', '--outDir', dist, '--emptyOutDir'], join(root, 'apps/web'), env);
  }
  const buildMs = options.dist ? null : Date.now() - startedBuild;
  const { base } = await startPreview(dist);
  browser = await launchBrowser();
  const results = [];
  for (const c of CASES) {
    for (const width of WIDTHS) {
      progress(`${c.name} at ${width} px`);
      const context = await browser.newContext({ viewport: { width, height: VIEWPORT_HEIGHT } });
      try {
        const page = await context.newPage();
        const figures = await measure(page, base, c.chapters, c.passages);
        results.push({ case: c.name, chapters: c.chapters, passages: c.passages, width, ...figures });
      } finally {
        await context.close();
      }
    }
  }
  console.log(
    JSON.stringify(
      {
        bench: 'reader-web',
        settings: {
          build: options.dist ? dist : 'apps/web built into a temporary folder',
          buildMs,
          browser: `${CHROMIUM} ${browser.version()}`,
          viewportHeight: VIEWPORT_HEIGHT,
          widths: WIDTHS,
          wordsPerPassage: 40,
          scrollScreensAtMost: 1200,
          arrowPresses: 30,
          cpus: availableParallelism(),
          node: process.version,
          timesFrom: 'navigation start',
        },
        results,
      },
      null,
      2,
    ),
  );
} catch (error) {
  // After giving up, the measurement fails only because its browser was closed.
  if (!givingUp) progress(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
} finally {
  clearTimeout(limit);
  await stopAll();
}
