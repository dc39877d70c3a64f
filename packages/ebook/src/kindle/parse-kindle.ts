import { EbookError } from '../errors';
import type { Book } from '../model';
import type { ReadOptions } from '../options';

/** Reads a kindle file into the Book model. */
export async function parseKindle(_bytes: Uint8Array, _options: ReadOptions = {}): Promise<Book> {
  throw new EbookError('unsupported', 'This format is not read yet');
}
