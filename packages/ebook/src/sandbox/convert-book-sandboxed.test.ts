import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { corpusDir, corpusMissingReason, heavyEpub } from '@booktranslate/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { convertBook } from '../convert-book';
import { convertBookSandboxed, openBookSandbox } from './book-sandbox';
import { prestartSandbox } from './sandbox-pool';
import { configureSandbox, sandboxSettings } from './sandbox-settings';
import { formatOfName } from './warm-formats';

const defaults = { ...sandboxSettings() };
afterEach(() => configureSandbox(defaults));

/** The sandbox's children of this process, by process id. */
function childPids(): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes('sandbox-worker'))
    .map((line) => Number.parseInt(line, 10));
}

describe.skipIf(corpusMissingReason())('a conversion in the sandbox', () => {
  it('writes the bytes of a read, a round trip of the book and a write, and those of convertBook', async () => {
    for (const [name, format] of [
      ['en-alice-wonderland-epub3-images.epub', 'fb2'],
      ['en-wasteland-eliot-epub3-ncx-footnotes.epub', 'epub'],
      ['he-hamsun-hunger-cp1255-crlf.txt', 'epub'],
    ] as const) {
      const bytes = new Uint8Array(await readFile(path.join(corpusDir, name)));
      const sandbox = await openBookSandbox(bytes, { filename: name });
      const roundTrip = await sandbox.write(sandbox.book, format, { notice: 'N' }).finally(sandbox.close);
      const converted = await convertBookSandboxed(bytes, format, { filename: name }, { notice: 'N' });
      expect(Buffer.from(converted).equals(Buffer.from(roundTrip)), name).toBe(true);
      const inProcess = await convertBook(bytes, format, { filename: name }, { notice: 'N' });
      expect(Buffer.from(inProcess).equals(Buffer.from(roundTrip)), name).toBe(true);
    }
  }, 60_000);

  it('stops a book that needs more memory than the budget, and the process lives on', async () => {
    const heavy = heavyEpub(3);
    configureSandbox({ memoryMb: 32 });
    await expect(convertBookSandboxed(heavy.bytes, 'txt', { filename: heavy.name })).rejects.toThrow(
      expect.objectContaining({ code: 'resource-limit', message: expect.stringMatching(/32 MiB/) }),
    );
    configureSandbox(defaults);
    const text = await convertBookSandboxed(new TextEncoder().encode('Title\n\nA book.\n'), 'txt', {
      filename: 'a.txt',
    });
    expect(new TextDecoder().decode(text)).toContain('A book.');
  }, 60_000);

  it('hands a prestarted child, its reader and writer loaded, to the next book', async () => {
    // Children left idle by earlier tests are not this one: start from none.
    configureSandbox({ seconds: defaults.seconds + 1 });
    configureSandbox({ seconds: defaults.seconds });
    await convertBookSandboxed(new TextEncoder().encode('Flush\n\nOld children go.\n'), 'txt');
    const before = new Set(childPids());
    prestartSandbox({ read: 'a.txt', write: 'a.epub' });
    const started = childPids().filter((pid) => !before.has(pid));
    expect(started).toHaveLength(1);
    const epub = await convertBookSandboxed(new TextEncoder().encode('Title\n\nA book.\n'), 'epub', {
      filename: 'a.txt',
    });
    expect(Buffer.from(epub.subarray(0, 2)).toString()).toBe('PK');
    // The prestarted child read it (it went back to the pool) and no other was started.
    const after = childPids().filter((pid) => !before.has(pid));
    expect(after).toEqual(started);
  }, 60_000);

  it('tells a format from a file name or a format id', () => {
    expect(formatOfName('/books/A.FB2.zip')).toBe('fb2');
    expect(formatOfName('out.epub')).toBe('epub');
    expect(formatOfName('txt')).toBe('txt');
    expect(formatOfName('notes.odt')).toBeUndefined();
  });
});
