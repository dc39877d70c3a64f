import { EbookError } from '../errors';

/** How much of a PDF the reader takes on, far beyond any book (decision 261). */
export const PDF_LIMITS = {
  /** The longest books printed run to a few thousand pages. */
  maxPages: 20_000,
  /** Pieces of text pdf.js finds on one page: a dense page of small type has a few thousand. */
  maxItemsPerPage: 50_000,
  /** Largest image pdf.js decodes, in pixels; the reader itself decodes none. */
  maxImagePixels: 4096 * 4096,
};

export function checkPages(count: number): void {
  if (count > PDF_LIMITS.maxPages)
    throw new EbookError(
      'too-complex',
      `This PDF has ${count.toLocaleString('en-US')} pages, more than the ${PDF_LIMITS.maxPages.toLocaleString('en-US')} we read; split it into parts and upload them one at a time`,
    );
}

export function checkItems(count: number, page: number): void {
  if (count > PDF_LIMITS.maxItemsPerPage)
    throw new EbookError(
      'too-complex',
      `Page ${page} of this PDF holds more than ${PDF_LIMITS.maxItemsPerPage.toLocaleString('en-US')} pieces of text, more than any page of a book; it cannot be read as a book`,
    );
}
