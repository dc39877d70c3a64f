import { describe, expect, it } from 'vitest';
import { QuoteCache, type QuotedBook } from './quote-cache';

const quoted = (title: string): QuotedBook => ({
  fields: { title, author: '', description: null, originalLanguage: 'en', wordCount: 100 },
  chapters: 1,
  textlessPages: [],
});

describe('QuoteCache', () => {
  it('reads a file once for concurrent and later quotes, keyed by its bytes and name', async () => {
    const cache = new QuoteCache(10);
    let reads = 0;
    const read = async () => {
      reads++;
      return quoted('A');
    };
    const key = QuoteCache.key(new Uint8Array([1, 2, 3]), 'a.txt');
    await Promise.all([cache.get(key, read), cache.get(key, read)]);
    await cache.get(key, read);
    expect(reads).toBe(1);
    expect(QuoteCache.key(new Uint8Array([1, 2, 3]), 'b.txt')).not.toBe(key);
    expect(QuoteCache.key(new Uint8Array([1, 2, 4]), 'a.txt')).not.toBe(key);
  });

  it('keeps at most its bound, the least recently used going first, and never a refusal', async () => {
    const cache = new QuoteCache(2);
    await cache.get('a', async () => quoted('A'));
    await cache.get('b', async () => quoted('B'));
    await cache.get('a', async () => quoted('not read'));
    await cache.get('c', async () => quoted('C'));
    expect(cache.size).toBe(2);
    expect((await cache.get('a', async () => quoted('again'))).fields.title).toBe('A');
    expect((await cache.get('b', async () => quoted('B again'))).fields.title).toBe('B again');
    await expect(cache.get('d', async () => Promise.reject(new Error('unreadable')))).rejects.toThrow();
    expect((await cache.get('d', async () => quoted('D'))).fields.title).toBe('D');
  });
});
