import { EbookError } from './errors';
import type { Book } from './model';
import type { WriteOptions } from './options';

export function buildEpub(_book: Book, _options: WriteOptions = {}): Uint8Array {
  throw new EbookError('unsupported', 'Building a new EPUB is not ready yet');
}
