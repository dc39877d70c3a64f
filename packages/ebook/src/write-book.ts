import { EbookError } from './errors';
import { formatRow } from './format-table';
import type { Book, BookFormat } from './model';
import type { WriteOptions } from './options';

/**
 * Writes the book in the given format, with that format's writer in the format table.
 * @example const epub = await writeBook(book, 'epub', { layout: 'bilingual' });
 */
export async function writeBook(
  book: Book,
  format: BookFormat,
  options: WriteOptions = {},
): Promise<Uint8Array> {
  const row = formatRow(format);
  if (!row.write) throw new EbookError('wrong-format', `${row.name} is read, never written`);
  if (row.sameFormatOnly && book.format !== format)
    throw new EbookError('wrong-format', `${row.name} is written only from a ${row.name} book`);
  return row.write(book, options);
}
