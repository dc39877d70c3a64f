import { EbookError } from './errors';
import type { Book } from './model';
import type { WriteOptions } from './options';

export async function writeEpub(_book: Book, _options?: WriteOptions): Promise<Uint8Array> {
  throw new EbookError('unsupported', 'EPUB writing is not ready yet');
}
