import type { Book } from './model';
import type { ReadOptions } from './options';
import { sniffFormat } from './sniff-format';

/**
 * Reads any supported book, deciding the format from the bytes (the file name is only a hint).
 * Throws EbookError with a code for anything it refuses.
 * @example const book = await readBook(bytes, { filename: 'alice.epub' });
 */
export async function readBook(bytes: Uint8Array, options: ReadOptions = {}): Promise<Book> {
  const format = sniffFormat(bytes, options.filename);
  // Each reader loads when its format is met: converting an EPUB never evaluates the FB2 and TXT
  // readers or the encoding detector's tables (the CLI bundle splits them into chunks of their own).
  if (format === 'epub') return (await import('./parse-epub')).parseEpub(bytes, options);
  if (format === 'fb2') return (await import('./parse-fb2')).parseFb2(bytes, options);
  return (await import('./parse-txt')).parseTxt(bytes, options);
}
