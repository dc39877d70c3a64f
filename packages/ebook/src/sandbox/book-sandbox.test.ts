import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { corpusDir, corpusMissingReason, deepFb2, heavyEpub, spineRepeatBomb } from '@booktranslate/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { readBook } from '../read-book';
import { inspectBookSandboxed, openBookSandbox, readBookSandboxed } from './book-sandbox';
import { configureSandbox, sandboxSettings } from './sandbox-settings';

const code = (c: string) => expect.objectContaining({ code: c });
const defaults = { ...sandboxSettings() };
afterEach(() => configureSandbox(defaults));

/** A well-formed FB2 of `count` long paragraphs: megabytes of strings once parsed. */
function bigFb2(count: number): Uint8Array {
  const p = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20)}</p>`;
  return new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?><FictionBook><description><title-info><book-title>Big</book-title></title-info></description><body><section>${p.repeat(count)}</section></body></FictionBook>`,
  );
}

describe.skipIf(corpusMissingReason())('book sandbox', () => {
  it('reads and writes a real book as the caller would, with source and resources kept inside', async () => {
    const name = 'en-alice-wonderland-epub3-images.epub';
    const bytes = new Uint8Array(await readFile(path.join(corpusDir, name)));
    const direct = await readBook(bytes, { filename: name });
    const sandbox = await openBookSandbox(bytes, { filename: name });
    try {
      expect(sandbox.book.chapters).toEqual(JSON.parse(JSON.stringify(direct.chapters)));
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

  it('stops a book that takes longer than the deadline', async () => {
    configureSandbox({ seconds: 0.2 });
    await expect(readBookSandboxed(bigFb2(40_000), { filename: 'slow.fb2' })).rejects.toThrow(
      code('resource-limit'),
    );
  }, 60_000);

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
