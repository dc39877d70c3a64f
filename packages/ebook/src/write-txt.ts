import { EbookError } from './errors';
import type { Book } from './model';
import type { WriteOptions } from './options';

// Placeholder until the real writer lands.
export async function writeTxt(_book: Book, _options?: WriteOptions): Promise<Uint8Array> {
  throw new EbookError('unsupported', 'This format is not supported yet');
}
