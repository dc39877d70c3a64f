import type { Book, BookFormat } from './model';
import type { ReadOptions, WriteOptions } from './options';
import { readBook } from './read-book';
import { withoutRawMarkup } from './without-raw-markup';
import { writeBook } from './write-book';

/**
 * Reads a book and writes it as `format` in this process, with no memory or time budget: only for
 * files the caller trusts (the CLI's `convert --no-sandbox`). The bytes written are those the
 * sandbox's conversion writes: the book as its child would write it (decision 303).
 * @example const fb2 = await convertBook(bytes, 'fb2', { filename: 'a.epub' });
 */
export async function convertBook(
  bytes: Uint8Array,
  format: BookFormat,
  readOptions: ReadOptions = {},
  writeOptions: WriteOptions = {},
): Promise<Uint8Array> {
  const book = await readBook(bytes, readOptions);
  return writeBook(asSentBack(book), format, writeOptions);
}

/** The book as the sandbox's child writes it after a round trip: the same book, raw markup left out. */
export function asSentBack(book: Book): Book {
  return { ...book, chapters: withoutRawMarkup(book.chapters) };
}
