import { type Book, countWords } from '@booktranslate/ebook';

/**
 * The Free plan's rule (decision 193), for the CLI and the service alike: whole blocks in reading
 * order while they fit in the first `limit` words. A block is never cut: the one that would cross
 * the limit and everything after it stay in the source language, so a trial never translates more
 * than it says. `null` means no limit.
 * @example withinWordLimit([{ id: 'a', words: 3000 }, { id: 'b', words: 3000 }], 5000) // [{ id: 'a', ... }]
 */
export function withinWordLimit<T extends { words: number }>(items: readonly T[], limit: number | null): T[] {
  if (limit === null) return [...items];
  const chosen: T[] = [];
  let total = 0;
  for (const item of items) {
    if (total + item.words > limit) break;
    total += item.words;
    chosen.push(item);
  }
  return chosen;
}

/**
 * The ids of the blocks within the first `limit` words (the rule of `withinWordLimit`); undefined
 * when there is no limit.
 * @example wordLimitedBlocks(book, 5000)?.has('c1.b1') // true
 */
export function wordLimitedBlocks(book: Book, limit: number | undefined): Set<string> | undefined {
  if (limit === undefined || limit <= 0) return undefined;
  const blocks = book.chapters.flatMap((chapter) =>
    chapter.blocks.map((block) => ({ id: block.id, words: countWords(block.text) })),
  );
  return new Set(withinWordLimit(blocks, limit).map((block) => block.id));
}
