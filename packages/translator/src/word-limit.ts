import { type Book, countWords } from '@booktranslate/ebook';

/**
 * The ids of the blocks within the first `limit` words, in reading order; undefined when there is
 * no limit.
 * @example wordLimitedBlocks(book, 5000)?.has('c1.b1') // true
 */
export function wordLimitedBlocks(book: Book, limit: number | undefined): Set<string> | undefined {
  if (limit === undefined || limit <= 0) return undefined;
  const ids = new Set<string>();
  let words = 0;
  for (const chapter of book.chapters) {
    for (const block of chapter.blocks) {
      if (words >= limit) return ids;
      ids.add(block.id);
      words += countWords(block.text);
    }
  }
  return ids;
}
