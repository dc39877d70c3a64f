import { EbookError } from '../errors';
import type { Book } from '../model';
import type { WriteOptions } from '../options';

/** Writes a translated docx book read from a docx file, rewriting its source in place. */
export async function writeDocx(_book: Book, _options: WriteOptions = {}): Promise<Uint8Array> {
  throw new EbookError('unsupported', 'This format is not written yet');
}
