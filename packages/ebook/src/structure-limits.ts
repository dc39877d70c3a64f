import { EbookError } from './errors';

/**
 * Caps on what one book may hold, far beyond any real book (the largest in the corpus has a few
 * hundred chapters, under 20 levels of nesting and a dozen attributes on an element). Past them a
 * file is hostile, and reading it further would only spend memory and time: 'too-complex'.
 */
export const STRUCTURE_LIMITS = {
  /** Element nesting in any XML or HTML document; readers walk trees recursively. */
  maxDepth: 256,
  /** Attributes on one element. */
  maxAttributes: 256,
  /** Content documents (EPUB spine items) or sections that become chapters. */
  maxChapters: 10_000,
  /** Translatable blocks in the whole book (War and Peace has about 12,000 paragraphs). */
  maxBlocks: 200_000,
  /**
   * Characters of text in the whole book, inline markup placeholders included (decision 211): Besy
   * has 1.3 million, War and Peace about 3.3 million, Clarissa (a million words) some 5.5 million.
   * Past this the book is refused as soon as the reader has counted that far, before any writing.
   */
  maxTextChars: 10_000_000,
  /**
   * Characters in one plain-text block: a longer paragraph (a file that is one line) is cut at a
   * sentence, else a word, end. The corpus' longest paragraph has 11,464.
   */
  maxBlockChars: 20_000,
};

export function checkDepth(depth: number): void {
  if (depth > STRUCTURE_LIMITS.maxDepth)
    throw new EbookError('too-complex', `Elements are nested more than ${STRUCTURE_LIMITS.maxDepth} deep`);
}

export function checkAttributes(count: number): void {
  if (count > STRUCTURE_LIMITS.maxAttributes)
    throw new EbookError(
      'too-complex',
      `An element has more than ${STRUCTURE_LIMITS.maxAttributes} attributes`,
    );
}

export function checkChapters(count: number): void {
  if (count > STRUCTURE_LIMITS.maxChapters)
    throw new EbookError('too-complex', `The book has more than ${STRUCTURE_LIMITS.maxChapters} chapters`);
}

export function checkBlocks(count: number): void {
  if (count > STRUCTURE_LIMITS.maxBlocks)
    throw new EbookError(
      'too-complex',
      `The book has more than ${STRUCTURE_LIMITS.maxBlocks} paragraphs and other blocks`,
    );
}

export function checkText(chars: number): void {
  if (chars > STRUCTURE_LIMITS.maxTextChars)
    throw new EbookError(
      'too-complex',
      `The book has more than ${STRUCTURE_LIMITS.maxTextChars.toLocaleString('en-US')} characters of text (War and Peace has about 3.3 million)`,
    );
}
