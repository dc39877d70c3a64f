import type { Book } from '@booktranslate/ebook';
import { describe, expect, it } from 'vitest';
import { withinWordLimit, wordLimitedBlocks } from './word-limit';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

function bookOf(...sizes: number[]): Book {
  return {
    format: 'txt',
    metadata: { title: 'T', authors: [], language: null, identifiers: [] },
    toc: [],
    resources: [],
    chapters: [
      {
        id: 'c1',
        blocks: sizes.map((n, i) => ({ id: `c1.b${i + 1}`, kind: 'paragraph', text: words(n), inlines: [] })),
      },
    ],
  };
}

describe('the word limit', () => {
  it('keeps whole blocks that fit and leaves out the one that would cross the limit', () => {
    const blocks = [3000, 2000, 1, 10].map((n, i) => ({ id: `b${i}`, words: n }));
    expect(withinWordLimit(blocks, 5000).map((b) => b.id)).toEqual(['b0', 'b1']);
    expect(withinWordLimit(blocks, 4999).map((b) => b.id)).toEqual(['b0']);
    expect(withinWordLimit(blocks, 0)).toEqual([]);
    expect(withinWordLimit(blocks, null)).toHaveLength(4);
  });

  it('gives the CLI the same blocks of a book as the service', () => {
    const book = bookOf(2, 11, 11);
    expect([...(wordLimitedBlocks(book, 13) ?? [])]).toEqual(['c1.b1', 'c1.b2']);
    expect([...(wordLimitedBlocks(book, 12) ?? [])]).toEqual(['c1.b1']);
    expect(wordLimitedBlocks(book, undefined)).toBeUndefined();
  });
});
