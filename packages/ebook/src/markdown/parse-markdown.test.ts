import { makeTinyMarkdown } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import type { Block, Book } from '../model';
import { plainText } from '../placeholders';
import { parseMarkdown } from './parse-markdown';

const encode = (text: string) => new TextEncoder().encode(text);
const blocksOf = (book: Book) => book.chapters.flatMap((chapter) => chapter.blocks);
const find = (book: Book, words: string) =>
  blocksOf(book).find((b) => plainText(b.text).includes(words)) as Block;

describe('parseMarkdown', () => {
  it('reads the tiny book: metadata, chapters at H2 under the one H1, TOC, kinds', async () => {
    const book = await parseMarkdown(makeTinyMarkdown(), { filename: 'tiny.md' });
    expect(book.format).toBe('md');
    expect(book.metadata).toMatchObject({ title: 'A Tiny Book', authors: ['Test Author'], language: 'en' });
    expect(book.chapters.map((c) => [c.title, c.role])).toEqual([
      ['A Tiny Book', 'body'],
      ['Chapter 1. The Letter', 'body'],
      ['Chapter 2. The Journey', 'body'],
      [undefined, 'notes'],
    ]);
    expect(book.toc.map((t) => t.title)).toEqual([
      'A Tiny Book',
      'Chapter 1. The Letter',
      'Chapter 2. The Journey',
    ]);
    expect(find(book, 'Anna Petrovna lived').text).toBe(
      'Anna Petrovna lived in <g1>Moscow</g1> with her brother <g2>Ivan</g2>.',
    );
    expect(find(book, 'Bread and').kind).toBe('list-item');
    const quote = find(book, 'Read it to me');
    expect(quote.kind).toBe('blockquote');
    expect(quote.inlines.map((t) => t.kind)).toEqual(['linebreak']);
    expect(book.source).toEqual(makeTinyMarkdown());
  });

  it('keeps code out of the translatable text: inline code and code blocks are placeholders', async () => {
    const book = await parseMarkdown(makeTinyMarkdown(), { filename: 'tiny.md' });
    for (const block of blocksOf(book)) {
      expect(plainText(block.text)).not.toMatch(/make letter|def greet|not emphasis/);
    }
    const code = find(book, 'One morning').inlines.find((t) => t.kind === 'code');
    expect(code).toMatchObject({ empty: true, raw: '`make letter --all`', alt: 'make letter --all' });
    const pre = blocksOf(book).find((b) => b.kind === 'preformatted') as Block;
    expect(pre.text).toBe('<x1/>');
    expect(pre.inlines[0]?.alt).toBe('def greet(name):\n    return f"Hello, {name}! *not emphasis*"');
  });

  it('reads footnotes as notes that their references point at, and resolves links to headings', async () => {
    const book = await parseMarkdown(makeTinyMarkdown(), { filename: 'tiny.md' });
    const notes = book.chapters.at(-1);
    const note = notes?.blocks[0] as Block;
    expect(note).toMatchObject({
      kind: 'note',
      noteId: 'fn-1',
      text: 'The letter was written in <g1>French</g1>.',
    });
    const ref = find(book, 'One morning').inlines.find((t) => t.kind === 'noteref');
    expect(ref?.href).toBe(`${notes?.id}#fn-1`);
    const links = blocksOf(book).flatMap((b) =>
      b.inlines.filter((t) => t.kind === 'link').map((t) => t.href),
    );
    expect(links).toEqual(['https://example.org/paris', 'c3#chapter-2-the-journey']);
    expect(book.chapters[2]?.blocks[0]?.anchor).toBe('chapter-2-the-journey');
  });

  it('gives the same ids and texts on every parse', async () => {
    const [a, b] = await Promise.all([parseMarkdown(makeTinyMarkdown()), parseMarkdown(makeTinyMarkdown())]);
    const shape = (book: Book) => blocksOf(book).map((x) => `${x.id} ${x.kind} ${x.text}`);
    expect(shape(a)).toEqual(shape(b));
    expect(new Set(blocksOf(a).map((x) => x.id)).size).toBe(blocksOf(a).length);
  });

  it('decodes like the text reader: UTF-16 with a mark, cp1251 without one', async () => {
    const text = '# Глава\n\nПривет, *мир*. Это проверка кодировки текста.\n';
    const utf16 = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(find(await parseMarkdown(utf16), 'Привет').text).toBe(
      'Привет, <g1>мир</g1>. Это проверка кодировки текста.',
    );
    const table: Record<string, number> = {};
    for (let i = 0; i < 64; i++) table[String.fromCharCode(0x410 + i)] = 0xc0 + i;
    const cp1251 = Uint8Array.from([...text].map((c) => table[c] ?? c.charCodeAt(0)));
    const book = await parseMarkdown(cp1251);
    expect(book.encoding).toBe('windows-1251');
    expect(book.chapters[0]?.title).toBe('Глава');
  });

  it('reads the text of raw HTML blocks without running it, and tables cell by cell', async () => {
    const md = [
      '<p align="center">Hello <b>brave</b> world &amp; all</p>',
      '',
      '<script>alert("never read")</script>',
      '',
      '| Name | Town |',
      '|------|------|',
      '| Anna | *Moscow* |',
    ].join('\n');
    const book = await parseMarkdown(encode(md));
    const html = find(book, 'Hello');
    expect(plainText(html.text)).toBe('Hello brave world & all');
    expect(blocksOf(book).some((b) => plainText(b.text).includes('never'))).toBe(false);
    const cells = blocksOf(book).filter((b) => b.kind === 'table-cell');
    expect(cells.map((b) => b.text)).toEqual(['Name', 'Town', 'Anna', '<g1>Moscow</g1>']);
  });

  it('takes the title from the first H1, else the file name, and refuses a file without words', async () => {
    expect((await parseMarkdown(encode('Intro\n\n# Real Title\n\nText'))).metadata.title).toBe('Real Title');
    expect((await parseMarkdown(encode('Just text.'), { filename: 'dir/notes.md' })).metadata.title).toBe(
      'notes',
    );
    await expect(parseMarkdown(encode('```\ncode only\n```\n'))).rejects.toMatchObject({ code: 'no-text' });
  });
});
