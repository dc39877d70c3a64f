import type { Book } from '@booktranslate/ebook';
import { type ReaderBook, readerBook } from './reader-book';

export interface ReaderBookCacheLimits {
  /** Books kept at most. */
  maxBooks: number;
  /** Characters of text kept at most, over every book (a book larger than this is not kept). */
  maxChars: number;
}

/**
 * The reader's books in memory, by book id, least recently used first out, bounded by count and
 * total text: parsing a long book takes seconds, paging through its chapters must not. Concurrent
 * first reads of one book share one parse.
 */
export class ReaderBookCache {
  private readonly books = new Map<string, ReaderBook>();
  private readonly loading = new Map<string, Promise<ReaderBook>>();
  private chars = 0;

  constructor(private readonly limits: ReaderBookCacheLimits = { maxBooks: 8, maxChars: 32_000_000 }) {}

  async get(bookId: string, load: () => Promise<Book>): Promise<ReaderBook> {
    const cached = this.books.get(bookId);
    if (cached) {
      // Map order is insertion order: moving the entry to the end makes it the most recent.
      this.books.delete(bookId);
      this.books.set(bookId, cached);
      return cached;
    }
    let pending = this.loading.get(bookId);
    if (!pending) {
      pending = load()
        .then((book) => this.keep(bookId, readerBook(book)))
        .finally(() => this.loading.delete(bookId));
      this.loading.set(bookId, pending);
    }
    return pending;
  }

  /** Forgets a book (deleted, or in tests). */
  forget(bookId: string): void {
    const book = this.books.get(bookId);
    if (!book) return;
    this.books.delete(bookId);
    this.chars -= book.size;
  }

  get size(): { books: number; chars: number } {
    return { books: this.books.size, chars: this.chars };
  }

  private keep(bookId: string, book: ReaderBook): ReaderBook {
    if (book.size > this.limits.maxChars) return book;
    this.forget(bookId);
    this.books.set(bookId, book);
    this.chars += book.size;
    for (const [id, old] of this.books) {
      if (this.books.size <= this.limits.maxBooks && this.chars <= this.limits.maxChars) break;
      this.books.delete(id);
      this.chars -= old.size;
    }
    return book;
  }
}
