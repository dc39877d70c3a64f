import { createHash } from 'node:crypto';
import type { bookFields } from '../../books/book-fields';

/** What a quote takes from a book: the fields an upload would record, and its chapters. */
export interface QuotedBook {
  fields: ReturnType<typeof bookFields>;
  chapters: number;
  /** PDF pages without text, numbered from 1: their words cannot be translated. */
  textlessPages: number[];
}

/**
 * Books read for quotes, by the SHA-256 of the file's bytes and its name (the name can decide the
 * format and the title), least recently used first out past `maxEntries`: the same file quoted
 * again (another target language, the wizard's step back) skips the sandbox, and concurrent quotes
 * of one file share one reading. An entry is a few kB of text; refusals are not kept.
 * @example const book = await cache.get(QuoteCache.key(bytes, 'a.epub'), () => readForQuote(bytes));
 */
export class QuoteCache {
  private readonly books = new Map<string, QuotedBook>();
  private readonly reading = new Map<string, Promise<QuotedBook>>();

  constructor(private readonly maxEntries = 200) {}

  static key(bytes: Uint8Array, filename: string): string {
    return `${createHash('sha256').update(bytes).digest('hex')}:${filename}`;
  }

  async get(key: string, read: () => Promise<QuotedBook>): Promise<QuotedBook> {
    const cached = this.books.get(key);
    if (cached) {
      // Map order is insertion order: moving the entry to the end makes it the most recent.
      this.books.delete(key);
      this.books.set(key, cached);
      return cached;
    }
    let pending = this.reading.get(key);
    if (!pending) {
      pending = read()
        .then((book) => this.keep(key, book))
        .finally(() => this.reading.delete(key));
      this.reading.set(key, pending);
    }
    return pending;
  }

  get size(): number {
    return this.books.size;
  }

  private keep(key: string, book: QuotedBook): QuotedBook {
    this.books.set(key, book);
    for (const oldest of this.books.keys()) {
      if (this.books.size <= this.maxEntries) break;
      this.books.delete(oldest);
    }
    return book;
  }
}
