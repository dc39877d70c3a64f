import { execFileSync, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { corpusDir, corpusMissingReason, deepFb2, heavyEpub, spineRepeatBomb } from '@booktranslate/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import type { Book } from '../model';
import { readBook } from '../read-book';
import { inspectBookSandboxed, openBookSandbox, readBookSandboxed } from './book-sandbox';
import { configureSandbox, readSeconds, sandboxSettings } from './sandbox-settings';

const code = (c: string) => expect.objectContaining({ code: c });
const defaults = { ...sandboxSettings() };
afterEach(() => configureSandbox(defaults));

const utf8 = (text: string) => new TextEncoder().encode(text);

/** The sandbox's children of this process, by process id. */
function childPids(): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes('sandbox-worker'))
    .map((line) => Number.parseInt(line, 10));
}

/** A well-formed FB2 of `count` long paragraphs: megabytes of strings once parsed. */
function bigFb2(count: number): Uint8Array {
  const p = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20)}</p>`;
  return new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?><FictionBook><description><title-info><book-title>Big</book-title></title-info></description><body><section>${p.repeat(count)}</section></body></FictionBook>`,
  );
}

/**
 * An FB2 of `count` paragraphs of 100 emphasised words: slow to read (about 0.5 s a thousand
 * paragraphs), within the text bound up to 7,000.
 */
function denseFb2(count: number): Uint8Array {
  const p = `<p>${'<emphasis>word</emphasis> '.repeat(100)}</p>`;
  return new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?><FictionBook><description><title-info><book-title>Dense</book-title></title-info></description><body><section>${p.repeat(count)}</section></body></FictionBook>`,
  );
}

describe.skipIf(corpusMissingReason())('book sandbox', () => {
  it('reads and writes a real book as the caller would, with source and resources kept inside', async () => {
    const name = 'en-alice-wonderland-epub3-images.epub';
    const bytes = new Uint8Array(await readFile(path.join(corpusDir, name)));
    const direct = await readBook(bytes, { filename: name });
    const sandbox = await openBookSandbox(bytes, { filename: name });
    try {
      // The same chapters, without the source markup of images and formulas: that stays inside.
      const unraw = JSON.stringify(direct.chapters, (key, value) => (key === 'raw' ? undefined : value));
      expect(sandbox.book.chapters).toEqual(JSON.parse(unraw));
      expect(sandbox.book.source).toBeUndefined();
      expect(sandbox.book.resources).toEqual([]);
      expect(sandbox.book.cover?.data.length).toBe(direct.cover?.data.length);
      const epub = await sandbox.write(sandbox.book, 'epub');
      const again = await readBook(epub);
      expect(again.resources.length).toBe(direct.resources.length);
      expect((await sandbox.write(sandbox.book, 'fb2')).length).toBeGreaterThan(1000);
    } finally {
      await sandbox.close();
    }
    const summary = await inspectBookSandboxed(bytes, { filename: name });
    expect(summary.metadata.title).toBe(direct.metadata.title);
    expect(summary.words).toBeGreaterThan(5000);
  });

  it('passes typed refusals through: the spine bomb and 10,000 nested FB2 sections', async () => {
    const bomb = spineRepeatBomb();
    await expect(readBookSandboxed(bomb.bytes, { filename: bomb.name })).rejects.toThrow(
      code('archive-bomb'),
    );
    const deep = deepFb2();
    await expect(readBookSandboxed(deep.bytes, { filename: deep.name })).rejects.toThrow(code('too-complex'));
  });

  it('stops a book that needs more memory than the budget, and the process lives on', async () => {
    const heavy = heavyEpub(3);
    configureSandbox({ memoryMb: 32 });
    await expect(readBookSandboxed(heavy.bytes, { filename: heavy.name })).rejects.toThrow(
      expect.objectContaining({ code: 'resource-limit', message: expect.stringMatching(/32 MiB/) }),
    );
    // The same book within the default budget: the limit, not the book, refused it.
    configureSandbox(defaults);
    const book = await readBookSandboxed(heavy.bytes, { filename: heavy.name });
    expect(book.chapters[0]?.blocks.length).toBeGreaterThan(30_000);
  }, 60_000);

  it('writes a book whose one block is larger than the heap allows: resource-limit, and the process lives on', async () => {
    // A worker thread's heap limit did not hold here: V8 aborted the whole process while the
    // EPUB writer encoded the block.
    configureSandbox({ memoryMb: 32 });
    const sandbox = await openBookSandbox(utf8('A Small Book\n\nIt has one paragraph.\n'), {
      filename: 'a.txt',
    });
    try {
      const [chapter] = sandbox.book.chapters as [Book['chapters'][number]];
      const text = 'time person year way day thing man world '.repeat(1_000_000);
      const block = { ...(chapter.blocks[0] as Book['chapters'][number]['blocks'][number]), text };
      const huge: Book = { ...sandbox.book, chapters: [{ ...chapter, blocks: [block] }] };
      await expect(sandbox.write(huge, 'epub')).rejects.toThrow(
        expect.objectContaining({ code: 'resource-limit', message: expect.stringMatching(/32 MiB/) }),
      );
    } finally {
      await sandbox.close();
    }
    configureSandbox(defaults);
    const next = await readBookSandboxed(utf8('Next\n\nA book that reads.\n'), { filename: 'b.txt' });
    expect(next.chapters[0]?.blocks.map((b) => b.text)).toContain('A book that reads.');
  }, 60_000);

  it('fails only the book whose child is killed mid-read, and reads the next one', async () => {
    await readBookSandboxed(bigFb2(5), { filename: 'warm.fb2' }); // a started child waits in the pool
    const reading = readBookSandboxed(denseFb2(2_000), { filename: 'long.fb2' }).catch((error) => error);
    await new Promise((resolve) => setTimeout(resolve, 150));
    for (const pid of childPids()) process.kill(pid, 'SIGKILL');
    expect(await reading).toEqual(
      expect.objectContaining({ code: 'resource-limit', message: expect.stringMatching(/SIGKILL/) }),
    );
    expect((await readBookSandboxed(bigFb2(5), { filename: 'next.fb2' })).chapters).toHaveLength(1);
  }, 60_000);

  it('leaves no child behind: an idle child keeps no process alive, and a killed parent takes its children', async () => {
    // A process that reads a book, prints its sandbox's children, then ends (or waits to be killed).
    const run = (wait: boolean) => {
      const code = `import { readBookSandboxed } from '@booktranslate/ebook/sandbox';
        import { execFileSync } from 'node:child_process';
        await readBookSandboxed(new TextEncoder().encode('A book.'), { filename: 'a.txt' });
        const ps = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
        console.log(JSON.stringify(ps.split('\\n').filter((l) => l.includes('sandbox-worker')).map((l) => parseInt(l, 10))));
        ${wait ? 'setInterval(() => {}, 1000);' : ''}`;
      const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
        cwd: path.resolve(import.meta.dirname, '../../../..'),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const pids = new Promise<number[]>((resolve) =>
        parent.stdout.once('data', (d) => resolve(JSON.parse(String(d)))),
      );
      const exited = new Promise((resolve) => parent.once('exit', resolve));
      return { parent, pids, exited };
    };
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const gone = async (pids: number[]) => {
      for (let i = 0; i < 50 && pids.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
      return pids.filter(alive);
    };

    const ending = run(false);
    const idlePids = await ending.pids;
    expect(idlePids).toHaveLength(1);
    await ending.exited; // the idle child did not hold the event loop open
    expect(await gone(idlePids)).toEqual([]);

    const killed = run(true);
    const busyPids = await killed.pids;
    expect(busyPids).toHaveLength(1);
    killed.parent.kill('SIGKILL');
    await killed.exited;
    expect(await gone(busyPids)).toEqual([]);
  }, 60_000);

  it('gives quotes a lane of their own: they never wait for the default slots, nor take them', async () => {
    configureSandbox({ concurrency: 1, quoteConcurrency: 1 });
    const book = () => bigFb2(5);
    const upload = await openBookSandbox(book(), { filename: 'upload.fb2' });
    // The default lane is full: a quote still opens at once.
    const quote = await openBookSandbox(book(), { filename: 'quote.fb2', lane: 'quote' });
    let secondQuote = false;
    const waitingQuote = openBookSandbox(book(), { filename: 'quote2.fb2', lane: 'quote' }).then((s) => {
      secondQuote = true;
      return s;
    });
    await upload.close();
    // The quote lane is full: the next upload opens at once, the second quote still waits.
    const next = await openBookSandbox(book(), { filename: 'next.fb2' });
    expect(secondQuote).toBe(false);
    await quote.close();
    await (await waitingQuote).close();
    await next.close();
    expect(secondQuote).toBe(true);
  }, 30_000);

  it('stops a book that takes longer than the deadline', async () => {
    configureSandbox({ seconds: 0.2 });
    // Not 40,000 plain paragraphs any more: past 10 million characters the reader refuses them itself.
    await expect(readBookSandboxed(denseFb2(3_000), { filename: 'slow.fb2' })).rejects.toThrow(
      code('resource-limit'),
    );
  }, 60_000);

  it('gives a large file more reading time, a small one only the deadline, none past four times it', () => {
    expect(readSeconds(40_000, 30)).toBe(30);
    expect(readSeconds(32 << 20, 30)).toBe(60);
    expect(readSeconds(100 << 20, 30)).toBe(120);
    expect(readSeconds(1 << 30, 30)).toBe(120);
  });

  it('runs no more sandboxes at once than its slots', async () => {
    configureSandbox({ concurrency: 1 });
    const first = await openBookSandbox(bigFb2(5), { filename: 'a.fb2' });
    let second = false;
    const waiting = openBookSandbox(bigFb2(5), { filename: 'b.fb2' }).then((s) => {
      second = true;
      return s;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(second).toBe(false);
    await first.close();
    await (await waiting).close();
    expect(second).toBe(true);
  }, 30_000);
});
