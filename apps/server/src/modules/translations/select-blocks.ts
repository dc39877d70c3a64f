/**
 * The blocks a translation covers: all of them, or for a Free credit the blocks that fit in the
 * first N words of the book, in reading order. A block is never cut: the block that would cross
 * the limit and everything after it stay in the source language.
 */
export interface CountedBlock {
  id: string;
  words: number;
}

export function selectBlocksWithinLimit<T extends CountedBlock>(
  blocks: readonly T[],
  limit: number | null,
): T[] {
  if (limit === null) return [...blocks];
  const chosen: T[] = [];
  let total = 0;
  for (const block of blocks) {
    if (total + block.words > limit) break;
    total += block.words;
    chosen.push(block);
  }
  return chosen;
}
