import { EbookError } from './errors';
import type { Book } from './model';
import type { ReadOptions } from './options';

// Placeholder until the real reader lands.
export async function parseTxt(_bytes: Uint8Array, _options?: ReadOptions): Promise<Book> {
  throw new EbookError('unsupported', 'This format is not supported yet');
}
