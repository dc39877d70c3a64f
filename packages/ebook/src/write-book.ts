import type { Book, BookFormat } from './model';
import type { WriteOptions } from './options';

/**
 * Writes the book in the given format.
 * @example const epub = await writeBook(book, 'epub', { layout: 'bilingual' });
 */
export async function writeBook(
  book: Book,
  format: BookFormat,
  options: WriteOptions = {},
): Promise<Uint8Array> {
  // Writers load on use, like the readers in readBook: one conversion evaluates one writer.
  if (format === 'epub') return (await import('./write-epub')).writeEpub(book, options);
  if (format === 'fb2') return (await import('./write-fb2')).writeFb2(book, options);
  return (await import('./write-txt')).writeTxt(book, options);
}
