import { buildEpub } from './build-epub';
import type { Book } from './model';
import type { WriteOptions } from './options';
import { rewriteEpub } from './rewrite-epub';

/**
 * Writes an EPUB. A book read from an EPUB is rewritten in place (only its text changes); any other
 * book becomes a new EPUB 3 with nav and NCX.
 * @example const bytes = await writeEpub(book, { layout: 'bilingual', notice: 'Partial translation' });
 */
export async function writeEpub(book: Book, options: WriteOptions = {}): Promise<Uint8Array> {
  if (book.format === 'epub' && book.source) return rewriteEpub(book, book.source, options);
  return buildEpub(book, options);
}
