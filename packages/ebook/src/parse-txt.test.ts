import { describe, expect, it } from 'vitest';
import type { Book } from './model';
import { parseTxt } from './parse-txt';
import { encodeLegacy } from './test-encode';

const utf8 = (text: string) => new TextEncoder().encode(text);
const texts = (book: Book) => book.chapters.flatMap((c) => c.blocks.map((b) => b.text));
const headings = (book: Book) =>
  book.chapters.flatMap((c) => c.blocks.filter((b) => b.kind === 'heading').map((b) => b.text));

const GUTENBERG = [
  'Title: The Tale',
  'Author: A. Writer',
  'Language: English',
  '',
  'CHAPTER I.',
  '',
  'It was a dark and stormy night; the rain fell in torrents, except at',
  'occasional intervals, when it was checked by a violent gust of wind.',
  '',
  'The second paragraph is short.',
  '',
  'CHAPTER II.',
  '',
  'Morning came.',
  '',
].join('\r\n');

describe('parseTxt', () => {
  it('joins hard-wrapped lines, splits chapters at CHAPTER headings and reads the Gutenberg header', async () => {
    const book = await parseTxt(utf8(GUTENBERG));
    expect(book.metadata).toMatchObject({ title: 'The Tale', authors: ['A. Writer'], language: 'en' });
    expect(book.chapters.map((c) => c.title)).toEqual([undefined, 'CHAPTER I.', 'CHAPTER II.']);
    expect(texts(book)).toContain(
      'It was a dark and stormy night; the rain fell in torrents, except at occasional intervals, when it was checked by a violent gust of wind.',
    );
    expect(book.chapters[2]?.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph']);
  });

  it('finds paragraphs by indentation when a book has no blank lines (windows-1251)', async () => {
    const text =
      '     Первый абзац начинается здесь\nи продолжается тут.\n     Второй абзац.\n     Третий абзац, и он тоже\nперенесён.\n';
    const book = await parseTxt(encodeLegacy(text.repeat(3), 'windows-1251'));
    expect(book.encoding).toBe('windows-1251');
    expect(texts(book).slice(0, 3)).toEqual([
      'Первый абзац начинается здесь и продолжается тут.',
      'Второй абзац.',
      'Третий абзац, и он тоже перенесён.',
    ]);
  });

  it.each([
    ['Chapter 1', 'Chapter 2'],
    ['Глава 1', 'Глава 2'],
    ['PART ONE', 'PART TWO'],
    ['IV.', 'V.'],
  ])('detects "%s" style headings', async (first, second) => {
    const book = await parseTxt(utf8(`${first}\n\nSome prose here.\n\n${second}\n\nMore prose here.\n`));
    expect(headings(book)).toEqual([first, second]);
    expect(book.chapters).toHaveLength(2);
  });

  it('splits chapters at * * * lines when a book has no headings', async () => {
    const book = await parseTxt(utf8('One part of the story.\n\n* * *\n\nAnother part of it.\n'));
    expect(book.chapters).toHaveLength(2);
    expect(texts(book)).toEqual(['One part of the story.', '* * *', 'Another part of it.']);
  });

  it('keeps verse lines apart and normalises CR and CRLF line endings', async () => {
    const book = await parseTxt(
      utf8(
        'Roses are red,\rViolets are blue,\r\nSugar is sweet\nAnd so are you.\n\nA long closing paragraph of prose that is wrapped at the usual width of\nseventy characters so that the verse above reads as separate lines.\n',
      ),
    );
    expect(book.chapters[0]?.blocks.slice(0, 4).map((b) => [b.kind, b.text])).toEqual([
      ['poem-line', 'Roses are red,'],
      ['poem-line', 'Violets are blue,'],
      ['poem-line', 'Sugar is sweet'],
      ['poem-line', 'And so are you.'],
    ]);
  });

  it('refuses files with no text and binary junk with typed errors', async () => {
    await expect(parseTxt(utf8(' \n\n \t\n'))).rejects.toMatchObject({ code: 'no-text' });
    await expect(parseTxt(new Uint8Array(0))).rejects.toMatchObject({ code: 'no-text' });
    const junk = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    await expect(parseTxt(junk)).rejects.toMatchObject({ code: 'wrong-format' });
    await expect(parseTxt(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).rejects.toMatchObject({
      code: 'wrong-format',
    });
  });

  it('gives stable block ids', async () => {
    const a = await parseTxt(utf8(GUTENBERG));
    const b = await parseTxt(utf8(GUTENBERG));
    expect(a.chapters.flatMap((c) => c.blocks.map((x) => x.id))).toEqual(
      b.chapters.flatMap((c) => c.blocks.map((x) => x.id)),
    );
  });
});

describe('parseTxt on text no book has', () => {
  it('cuts a paragraph of one 300,000-character line into blocks of at most 20,000, at sentence ends', async () => {
    const line = 'Time person year way day thing man world. '.repeat(7_200).trim();
    const book = await parseTxt(utf8(`${line}\n`));
    const blocks = book.chapters.flatMap((c) => c.blocks);
    expect(blocks.length).toBeGreaterThanOrEqual(15);
    for (const block of blocks) {
      expect(block.text.length).toBeLessThanOrEqual(20_000);
      expect(block.text).toMatch(/^Time .* world\.$/);
    }
    expect(blocks.map((b) => b.text).join(' ')).toBe(line);
    expect(new Set(blocks.map((b) => b.id)).size).toBe(blocks.length);
  });

  it('refuses more text than any book, before decoding it', async () => {
    const huge = new Uint8Array(40_000_004).fill(0x61);
    await expect(parseTxt(huge)).rejects.toThrow(
      expect.objectContaining({
        code: 'too-complex',
        message: expect.stringMatching(/10,000,000 characters/),
      }),
    );
    const wide = utf8(`${'Слово за слово. '.repeat(640_000)}`); // 10.24 million characters, 19 MB
    await expect(parseTxt(wide)).rejects.toThrow(expect.objectContaining({ code: 'too-complex' }));
  });
});
