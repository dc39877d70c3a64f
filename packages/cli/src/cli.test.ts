import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deepFb2, manyAttributes, spineRepeatBomb } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './run-bin';

const dir = mkdtempSync(path.join(tmpdir(), 'booktranslate-cli-'));
const fb2 = path.join(dir, 'book.fb2');
const txt = path.join(dir, 'book.txt');

beforeAll(async () => {
  writeFileSync(txt, 'CHAPTER I.\n\nIt was a dark night.\n\nCHAPTER II.\n\nMorning came.\n');
  // The first run may build dist/: do it once, outside the timed tests.
  await runBin(['--help'], 120_000);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('booktranslate bin', () => {
  it('inspect --json prints the summary fields', async () => {
    const { code, stdout } = await runBin(['inspect', txt, '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      format: 'txt',
      title: 'book',
      authors: [],
      language: null,
      chapters: 2,
      blocks: 4,
      words: 11,
      has_cover: false,
      encoding: 'utf-8',
      notes: 0,
    });
  });

  it('convert writes the format named by the extension or --to', async () => {
    expect((await runBin(['convert', txt, '-o', fb2])).code).toBe(0);
    expect(readFileSync(fb2, 'utf8')).toContain('<FictionBook');
    const out = path.join(dir, 'book.out');
    expect((await runBin(['convert', fb2, '-o', out, '--to', 'txt', '--bilingual'])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('It was a dark night.');
  });

  it('convert --no-sandbox writes in its own process the bytes the sandbox writes', async () => {
    for (const to of ['epub', 'fb2', 'txt']) {
      const sandboxed = path.join(dir, `sandboxed.${to}`);
      const trusted = path.join(dir, `trusted.${to}`);
      expect((await runBin(['convert', txt, '-o', sandboxed])).code).toBe(0);
      expect((await runBin(['convert', '--no-sandbox', txt, '-o', trusted])).code).toBe(0);
      expect(readFileSync(trusted).equals(readFileSync(sandboxed)), to).toBe(true);
    }
  });

  it.each(['inspect', 'convert', 'translate'])(
    '%s --help prints its usage and does nothing else',
    async (name) => {
      const { code, stdout, stderr } = await runBin([name, '--help']);
      expect(code).toBe(0);
      expect(stdout).toMatch(new RegExp(`^usage: booktranslate ${name} `));
      expect(stderr).toBe('');
    },
  );

  it.each([
    [[], 2],
    [['frobnicate'], 2],
    [['inspect'], 2],
    [['inspect', 'a', 'b'], 2],
    [['convert', 'in.txt'], 2],
    [['convert', 'in.txt', '-o', 'out.pdf'], 2],
    [['inspect', '--bogus', 'x'], 2],
    [['inspect', '/nonexistent/book.epub'], 3],
  ])('exits with the usage or input code for %j', async (args, expected) => {
    const { code, stderr } = await runBin(args as string[]);
    expect(code).toBe(expected);
    if (args.length > 0) expect(stderr.trim().split('\n')[0]).toMatch(/^booktranslate/);
  });

  it('answers unreadable input with exit 3 and one line on stderr', async () => {
    const junk = path.join(dir, 'junk.epub');
    writeFileSync(
      junk,
      new Uint8Array(2048).map((_, i) => (i * 7919) % 256),
    );
    const { code, stderr, stdout } = await runBin(['inspect', junk]);
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    const empty = path.join(dir, 'empty.txt');
    writeFileSync(empty, '\n\n');
    const noText = await runBin(['convert', empty, '-o', path.join(dir, 'x.fb2')]);
    expect(noText.code).toBe(3);
    expect(noText.stderr).toMatch(/no-text/);
  });

  it('reads hostile books in its sandbox and answers each with exit 3 and the reason', async () => {
    for (const [book, reason] of [
      [spineRepeatBomb(), 'archive-bomb'],
      [deepFb2(), 'too-complex'],
      [manyAttributes(100_000, 'fb2'), 'too-complex'],
    ] as const) {
      const file = path.join(dir, book.name);
      writeFileSync(file, book.bytes);
      const { code, stderr } = await runBin(['convert', file, '-o', path.join(dir, 'out.txt')]);
      expect(`${book.kind} ${code} ${stderr.split(':')[1]?.trim()}`).toBe(`${book.kind} 3 ${reason}`);
    }
  });
});
