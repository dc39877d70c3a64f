import type { Book } from '@booktranslate/ebook';
import { describe, expect, it } from 'vitest';
import { ReaderBookCache } from './reader-book-cache';

const book = (words: number): Book => ({
  format: 'txt',
  metadata: { title: 'T', authors: [], language: 'en', identifiers: [] },
  chapters: [
    { id: 'c1', blocks: [{ id: 'c1.b1', kind: 'paragraph', text: 'word '.repeat(words), inlines: [] }] },
  ],
  toc: [],
  resources: [],
});

describe('ReaderBookCache', () => {
  it('parses a book once for concurrent first reads and evicts the least recently used', async () => {
    const cache = new ReaderBookCache({ maxBooks: 2, maxChars: 1_000_000 });
    let loads = 0;
    const load = (words: number) => async () => {
      loads++;
      return book(words);
    };
    await Promise.all([cache.get('a', load(10)), cache.get('a', load(10))]);
    expect(loads).toBe(1);
    await cache.get('b', load(10));
    await cache.get('a', load(10)); // a is now the most recent
    await cache.get('c', load(10)); // b goes
    expect(loads).toBe(3);
    await cache.get('a', load(10));
    expect(loads).toBe(3);
    await cache.get('b', load(10));
    expect(loads).toBe(4);
    expect(cache.size.books).toBe(2);
  });

  it('is bounded by text size: a book larger than the bound is not kept', async () => {
    const cache = new ReaderBookCache({ maxBooks: 8, maxChars: 1_000 });
    await cache.get('big', async () => book(1_000));
    expect(cache.size).toEqual({ books: 0, chars: 0 });
    await cache.get('small', async () => book(10));
    expect(cache.size.books).toBe(1);
    expect(cache.size.chars).toBeLessThanOrEqual(1_000);
  });
});
