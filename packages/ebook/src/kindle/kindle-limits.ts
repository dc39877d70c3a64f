import { EbookError } from '../errors';

/**
 * Caps on what one Kindle file may hold, far beyond any real book: a novel has a few hundred text
 * records of 4 KiB, Besy some 1,100; the PalmDB format itself allows 65,535 records.
 */
export const KINDLE_LIMITS = {
  /** Decompressed text of the whole book (markup included): a long novel has a few MiB. */
  maxTextBytes: 64 * 1024 * 1024,
  /** Decompressed bytes of one text record; calibre and kindlegen write 4,096. */
  maxRecordTextBytes: 64 * 1024,
  /** Entries of one index (skeletons, fragments, TOC). */
  maxIndexEntries: 100_000,
  /** EXTH records in record 0. */
  maxExthRecords: 4096,
  /** Nested HUFF/CDIC dictionary expansions before a file is taken as crafted. */
  maxHuffDepth: 32,
};

/** The decompressed text would pass the cap: reading further would only spend memory. */
export function textTooLarge(): EbookError {
  return new EbookError(
    'resource-limit',
    `The book's text is larger than ${KINDLE_LIMITS.maxTextBytes / 1024 / 1024} MiB once decompressed, more than any real book`,
  );
}

/** A damaged Kindle file, with what was found wrong. */
export function corruptKindle(what: string): EbookError {
  return new EbookError('corrupt', `The Kindle file is damaged and cannot be read: ${what}`);
}
