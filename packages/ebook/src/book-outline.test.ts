import { makePartsFb2, makeTinyTxt } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { bookOutline, countChapters } from './book-outline';
import type { Book } from './model';
import { readBook } from './read-book';
import { writeBook } from './write-book';

const shape = (book: Book) => bookOutline(book).map((e) => [e.depth, e.title, e.chapter]);

describe('bookOutline', () => {
  it("lays an FB2 novel's parts and chapters over its blocks, nested, with its notes apart", async () => {
    const book = await readBook(makePartsFb2({ parts: 2, chaptersPerPart: 3 }), { filename: 'r.fb2' });
    expect(shape(book)).toEqual([
      [0, 'The River in Parts', false],
      [0, 'PART I', false],
      [1, 'CHAPTER 1', true],
      [1, 'CHAPTER 2', true],
      [1, 'CHAPTER 3', true],
      [0, 'PART II', false],
      [1, 'CHAPTER 4', true],
      [1, 'CHAPTER 5', true],
      [1, 'CHAPTER 6', true],
      [0, 'Notes', false],
    ]);
    const outline = bookOutline(book);
    const blocks = book.chapters.flatMap((c) => c.blocks);
    // Every block in exactly one entry, in reading order.
    outline.forEach((e, i) => {
      expect(e.start).toBe(i === 0 ? 0 : outline[i - 1]?.end);
    });
    expect(outline.at(-1)?.end).toBe(blocks.length);
    // A part holds its title and epigraph; a chapter starts at its own heading.
    const part = outline[1]!;
    expect(blocks.slice(part.start, part.end).map((b) => b.text)).toEqual(['PART I', 'Part 1 opens.']);
    expect(blocks[outline[3]!.start]?.text).toBe('CHAPTER 2');
    expect(countChapters(book)).toBe(6);
  });

  it('reads the same entries from the EPUB written for the book', async () => {
    const fb2 = await readBook(makePartsFb2({ parts: 2, chaptersPerPart: 3 }), { filename: 'r.fb2' });
    const epub = await readBook(await writeBook(fb2, 'epub'), { filename: 'r.epub' });
    const entries = (book: Book) =>
      bookOutline(book)
        .filter((e) => e.depth > 0 || /PART/.test(e.title ?? ''))
        .map((e) => [e.depth, e.title, e.chapter]);
    expect(entries(epub)).toEqual(entries(fb2));
    expect(countChapters(epub)).toBe(6);
  });

  it('counts the chapters of a plain-text book by its headings, the opening lines apart', async () => {
    const book = await readBook(
      makeTinyTxt({
        title: 'Three',
        chapters: [1, 2, 3].map((n) => ({ title: `CHAPTER ${n}`, paragraphs: ['Some words here.'] })),
      }),
      { filename: 'three.txt' },
    );
    expect(countChapters(book)).toBe(3);
  });

  it('gives a book without a table of contents one entry per chapter and drops entries pointing back', () => {
    const block = (id: string) => ({ id, kind: 'paragraph' as const, text: id, inlines: [] });
    const book: Book = {
      format: 'epub',
      metadata: { title: 'T', authors: [], language: 'en', identifiers: [] },
      chapters: [
        { id: 'c1', blocks: [block('c1.b1')] },
        { id: 'c2', title: 'Two', blocks: [block('c2.b1'), { ...block('c2.b2'), anchor: 'x' }] },
      ],
      toc: [],
      resources: [],
    };
    expect(shape(book)).toEqual([
      [0, null, true],
      [0, 'Two', true],
    ]);
    const toc = [
      { title: 'Later', chapterId: 'c2', anchor: 'x', children: [] },
      { title: 'Back', chapterId: 'c1', children: [] },
    ];
    expect(bookOutline({ ...book, toc }).map((e) => [e.title, e.start, e.end])).toEqual([
      [null, 0, 2],
      ['Later', 2, 3],
    ]);
  });
});
