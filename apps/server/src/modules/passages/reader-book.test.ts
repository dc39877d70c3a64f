import type { Book } from '@booktranslate/ebook';
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
    expect(view.chapters.map((c) => [c.index, c.title, c.blocks.length])).toEqual([
      [0, 'The Long Road (part 1 of 3)', 3],
      [1, 'The Long Road (part 2 of 3)', 3],
      [2, 'The Long Road (part 3 of 3)', 3],
      [3, 'Chapter 2', 3],
    ]);
    // Every block once, in order, and each knows the page it is on.
    expect(view.chapters.flatMap((c) => c.blocks.map((b) => b.id))).toEqual(view.blocks.map((b) => b.id));
    expect(view.blocks.map((b) => b.position)).toEqual(view.blocks.map((_, i) => i));
    for (const chapter of view.chapters)
      for (const b of chapter.blocks) expect(b.chapter).toBe(chapter.index);
    expect(view.byId.get('c1.b7')?.chapter).toBe(2);
  });

  it('names the parts of a book that is one untitled chapter "Part 1 of 2"', () => {
    const book = bookOf(5);
    const { title: _untitled, ...untitled } = book.chapters[0]!;
    const view = readerBook({ ...book, chapters: [untitled] }, 4);
    expect(view.chapters.map((c) => c.title)).toEqual(['Part 1 of 2', 'Part 2 of 2']);
  });

  it('keeps a chapter that fits on one page whole, and an empty chapter as one page', () => {
    const view = readerBook(bookOf(4, 0), 4);
    expect(view.chapters.map((c) => [c.title, c.blocks.length])).toEqual([
      ['The Long Road', 4],
      ['Chapter 2', 0],
    ]);
  });
});
