/**
 * bench/sandbox-memory: the memory a process and its book sandbox take for the books that hurt: a
 * 100 MB TXT that is one line, «Бесы» written as EPUB, FB2 and TXT, and three 89 MB FB2s read at
 * once. Each case runs in a fresh process; its resident memory and that of its children (the
 * sandbox's) are sampled every 10 ms from /proc (Linux only).
 * Run: npx tsx bench/sandbox-memory.ts
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBookSandbox, readBookSandboxed } from '@booktranslate/ebook/sandbox';
import { corpusDir } from '@booktranslate/testkit';

const BESY = path.join(corpusDir, 'ru-dostoevsky-besy-fb2-notes-cover.fb2');
const ONE_LINE = path.join(tmpdir(), 'bt-bench-one-line.txt');
const BIG_FB2 = path.join(tmpdir(), 'bt-bench-89mb.fb2');

/** Each case, run inside the measured process: what happened, in one line. */
const CASES: Record<string, () => Promise<string>> = {
  async 'one-line-txt'() {
    const sandbox = await openBookSandbox(new Uint8Array(await readFile(ONE_LINE)), {
      filename: 'one-line.txt',
    });
    try {
      return `epub ${(await sandbox.write(sandbox.book, 'epub')).length} bytes`;
    } finally {
      await sandbox.close();
    }
  },
  async 'besy-outputs'() {
    const sandbox = await openBookSandbox(new Uint8Array(await readFile(BESY)), { filename: 'besy.fb2' });
    try {
      const sizes = [];
      for (const format of ['epub', 'fb2', 'txt'] as const)
        sizes.push(`${format} ${(await sandbox.write(sandbox.book, format)).length}`);
      return sizes.join(', ');
    } finally {
      await sandbox.close();
    }
  },
  async 'three-89mb-fb2'() {
    const bytes = new Uint8Array(await readFile(BIG_FB2));
    const books = await Promise.allSettled(
      [1, 2, 3].map((n) => readBookSandboxed(bytes, { filename: `big${n}.fb2` })),
    );
    return books.map((b) => (b.status === 'fulfilled' ? 'read' : (b.reason as Error).message)).join('; ');
  },
};

function prepareInputs(): void {
  if (!existsSync(ONE_LINE)) {
    const words = 'time person year way day thing man world ';
    writeFileSync(ONE_LINE, words.repeat(Math.ceil(100_000_000 / words.length)).slice(0, 100_000_000));
  }
  if (!existsSync(BIG_FB2)) {
    // «Бесы» with an 86 MB picture: the shape of a large illustrated FB2.
    const besy = readFileSync(BESY, 'utf8');
    const picture = `<binary id="big.jpg" content-type="image/jpeg">${Buffer.alloc(64 * 1024 * 1024, 7).toString('base64')}</binary>`;
    writeFileSync(BIG_FB2, besy.replace('</FictionBook>', `${picture}</FictionBook>`));
  }
}

function residentKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Runs one case in a fresh process and samples its memory and its children's. */
async function measure(name: string) {
  const self = fileURLToPath(import.meta.url);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', self, name], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let parentPeak = 0;
  let childPeak = 0;
  let totalPeak = 0;
  const timer = setInterval(() => {
    const own = residentKb(child.pid as number);
    const kids = childrenOf(child.pid as number).map(residentKb);
    parentPeak = Math.max(parentPeak, own);
    childPeak = Math.max(childPeak, ...kids, 0);
    totalPeak = Math.max(totalPeak, own + kids.reduce((a, b) => a + b, 0));
  }, 10);
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
    child.once('exit', (c, s) => resolve([c, s])),
  );
  clearInterval(timer);
  const mb = (kb: number) => Math.round(kb / 1024);
  return {
    exit: signal ?? code,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    process_peak_mb: mb(parentPeak),
    largest_child_peak_mb: mb(childPeak),
    process_and_children_peak_mb: mb(totalPeak),
    outcome: output.trim().split('\n').at(-1)?.slice(0, 160) ?? '',
  };
}

const chosen = process.argv[2];
if (chosen && CASES[chosen]) {
  console.log(await CASES[chosen]().catch((error: Error) => `refused: ${error.message}`));
  process.exit(0);
}
prepareInputs();
const figures: Record<string, unknown> = {};
for (const name of Object.keys(CASES)) figures[name] = await measure(name);
console.log(JSON.stringify(figures, null, 2));
