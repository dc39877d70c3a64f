import type { Book, BookFormat } from './model';
import type { WriteOptions } from './options';
import { writeEpub } from './write-epub';
import { writeFb2 } from './write-fb2';
import { writeTxt } from './write-txt';

/**
 * Writes the book in the given format.
 * @example const epub = await writeBook(book, 'epub', { layout: 'bilingual' });
 */
export async function writeBook(
  book: Book,
  format: BookFormat,
  options: WriteOptions = {},
): Promise<Uint8Array> {
  if (format === 'epub') return writeEpub(book, options);
  if (format === 'fb2') return writeFb2(book, options);
  return writeTxt(book, options);
}
