import type { Book } from './model';
import type { ReadOptions } from './options';
import { parseEpub } from './parse-epub';
import { parseFb2 } from './parse-fb2';
import { parseTxt } from './parse-txt';
import { sniffFormat } from './sniff-format';

/**
 * Reads any supported book, deciding the format from the bytes (the file name is only a hint).
 * Throws EbookError with a code for anything it refuses.
 * @example const book = await readBook(bytes, { filename: 'alice.epub' });
 */
export async function readBook(bytes: Uint8Array, options: ReadOptions = {}): Promise<Book> {
  const format = sniffFormat(bytes, options.filename);
  if (format === 'epub') return parseEpub(bytes, options);
  if (format === 'fb2') return parseFb2(bytes, options);
  return parseTxt(bytes, options);
}
