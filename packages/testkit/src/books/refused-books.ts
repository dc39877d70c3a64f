import {
  billionLaughs,
  corruptZip,
  deepFb2,
  deepXhtml,
  type HostileBook,
  manyAttributes,
  manyBlocks,
  manyEntries,
  zipBomb,
} from './make-hostile-books';

/** A crafted book a reader refuses by its limits, and the error code it is refused with. */
export type RefusedBook = [label: string, book: HostileBook, reason: string];

/**
 * The hostile books every reader of books (the library, the upload route, the soak bench) must refuse,
 * each with its error code.
 * @example it.each(refusedBooks())('refuses %s', async (_label, book, reason) => { ... });
 */
export function refusedBooks(): RefusedBook[] {
  return [
    ['10,000 nested elements in XHTML', deepXhtml(), 'too-complex'],
    ['10,000 nested FB2 sections', deepFb2(), 'too-complex'],
    ['100,000 attributes on an XHTML element', manyAttributes(100_000, 'epub'), 'too-complex'],
    ['100,000 attributes on an FB2 paragraph', manyAttributes(100_000, 'fb2'), 'too-complex'],
    ['250,000 paragraphs', manyBlocks(), 'too-complex'],
    ['a 64 MiB entry of spaces', zipBomb(), 'archive-bomb'],
    ['12,000 archive entries', manyEntries(), 'archive-bomb'],
    ['nested entity declarations', billionLaughs(), 'doctype'],
    ['a truncated archive', corruptZip(0), 'corrupt'],
  ];
}
