/**
 * bench/sandbox-overhead: what reading a book in the sandbox (a child process with a heap and time
 * budget) costs over reading it in the caller's thread, on real corpus books: median of 5 runs each,
 * for the whole Book (prepare) and for the upload summary, plus the merge path (read + write EPUB).
 * Run: npx tsx bench/sandbox-overhead.ts
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readBook, writeBook } from '@booktranslate/ebook';
import { inspectBookSandboxed, openBookSandbox, readBookSandboxed } from '@booktranslate/ebook/sandbox';
import { corpusDir } from '@booktranslate/testkit';

const BOOKS = ['en-sherlock-holmes-adventures-epub3-se-large.epub', 'ru-dostoevsky-besy-fb2-notes-cover.fb2'];
const RUNS = 5;

async function median(task: () => Promise<unknown>): Promise<number> {
  await task(); // warm: module loading and the transform cache are not what is measured
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return Math.round(times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number);
}

const figures: Record<string, Record<string, number>> = {};
for (const name of BOOKS) {
  const bytes = new Uint8Array(await readFile(path.join(corpusDir, name)));
  const options = { filename: name };
  figures[name] = {
    read_in_thread_ms: await median(() => readBook(bytes.slice(), options)),
    read_sandboxed_ms: await median(() => readBookSandboxed(bytes, options)),
    summary_sandboxed_ms: await median(() => inspectBookSandboxed(bytes, options)),
    read_write_epub_in_thread_ms: await median(async () =>
      writeBook(await readBook(bytes.slice(), options), 'epub'),
    ),
    read_write_epub_sandboxed_ms: await median(async () => {
      const sandbox = await openBookSandbox(bytes, options);
      try {
        await sandbox.write(sandbox.book, 'epub');
      } finally {
        await sandbox.close();
      }
    }),
  };
}
console.log(JSON.stringify(figures, null, 2));
