import { formatRow } from './format-table';
import type { Book } from './model';
import type { ReadOptions } from './options';
import { sniffFormat } from './sniff-format';

/**
 * Reads any supported book, deciding the format from the bytes (the file name is only a hint) and
 * handing them to that format's reader in the format table.
 * Throws EbookError with a code for anything it refuses.
 * @example const book = await readBook(bytes, { filename: 'alice.epub' });
 */
export async function readBook(bytes: Uint8Array, options: ReadOptions = {}): Promise<Book> {
  return formatRow(sniffFormat(bytes, options.filename)).read(bytes, options);
}
