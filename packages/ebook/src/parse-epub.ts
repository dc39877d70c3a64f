import { EbookError } from './errors';
import type { Book } from './model';
import type { ReadOptions } from './options';

export async function parseEpub(_bytes: Uint8Array, _options?: ReadOptions): Promise<Book> {
  throw new EbookError('unsupported', 'EPUB reading is not ready yet');
}
