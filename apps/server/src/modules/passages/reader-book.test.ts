import { type Book, readBook } from '@booktranslate/ebook';
import { makePartsFb2 } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { readerBook } from './reader-book';

/** A book of chapters with the given numbers of paragraphs; only the first has a title. */
function bookOf(...sizes: number[]): Book {
  return {
    format: 'txt',
    metadata: { title: 'T', authors: [], language: 'en', identifiers: [] },
    chapters: sizes.map((n, c) => ({
      id: `c${c + 1}`,
      ...(c === 0 ? { title: 'The Long Road' } : {}),
      blocks: Array.from({ length: n }, (_, i) => ({
        id: `c${c + 1}.b${i + 1}`,
        kind: 'paragraph' as const,
        text: `Paragraph ${i + 1} of chapter ${c + 1}.`,
        inlines: [],
      })),
    })),
    toc: [],
    resources: [],
  };
}

describe('readerBook', () => {
  it('shows a chapter longer than a page in parts of about equal size, in reading order', () => {
    const view = readerBook(bookOf(9, 3), 4);
    expect(view.chapters.map((c) => [c.index, c.title, c.part, c.parts, c.blocks.length])).toEqual([
      [0, 'The Long Road', 1, 3, 3],
      [1, 'The Long Road', 2, 3, 3],
      [2, 'The Long Road', 3, 3, 3],
      [3, 'Chapter 2', 1, 1, 3],
    ]);
    // Every block once, in order, and each knows the page it is on.
    expect(view.chapters.flatMap((c) => c.blocks.map((b) => b.id))).toEqual(view.blocks.map((b) => b.id));
    expect(view.blocks.map((b) => b.position)).toEqual(view.blocks.map((_, i) => i));
    for (const chapter of view.chapters)
      for (const b of chapter.blocks) expect(b.chapter).toBe(chapter.index);
    expect(view.byId.get('c1.b7')?.chapter).toBe(2);
  });

  it("reads a book that is one untitled chapter in pages under the book's title", () => {
    const book = bookOf(5);
    const { title: _untitled, ...untitled } = book.chapters[0]!;
    const view = readerBook({ ...book, chapters: [untitled] }, 4);
    expect(view.chapters.map((c) => [c.title, c.part, c.parts])).toEqual([
      ['T', 1, 2],
      ['T', 2, 2],
    ]);
  });

  it("lists an FB2 novel's parts and chapters, nested, and pages a long chapter inside its name", async () => {
    const book = await readBook(
      makePartsFb2({ parts: 2, chaptersPerPart: 2, paragraphs: 2, longChapter: 9 }),
      {
        filename: 'river.fb2',
      },
    );
    const view = readerBook(book, 4);
    expect(view.chapters.map((c) => [c.depth, c.title, c.part, c.parts])).toEqual([
      [0, 'The River in Parts', 1, 1],
      [0, 'PART I', 1, 1],
      [1, 'CHAPTER 1', 1, 1],
      [1, 'CHAPTER 2', 1, 3],
      [1, 'CHAPTER 2', 2, 3],
      [1, 'CHAPTER 2', 3, 3],
      [0, 'PART II', 1, 1],
      [1, 'CHAPTER 3', 1, 1],
      [1, 'CHAPTER 4', 1, 1],
      [0, 'Notes', 1, 1],
    ]);
    expect(view.chapters.flatMap((c) => c.blocks.map((b) => b.id))).toEqual(view.blocks.map((b) => b.id));
    expect(view.chapters[3]?.blocks[0]?.text).toBe('CHAPTER 2');
  });

  it('keeps a chapter that fits on one page whole, and an empty chapter as one page', () => {
    const view = readerBook(bookOf(4, 0), 4);
    expect(view.chapters.map((c) => [c.title, c.blocks.length])).toEqual([
      ['The Long Road', 4],
      ['Chapter 2', 0],
    ]);
  });
});
