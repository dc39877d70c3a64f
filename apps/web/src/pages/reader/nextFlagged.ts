import type { Passage, PassageChapter } from '@booktranslate/contract';

/** Where the next flagged passage is: an index in this chapter, or another chapter ('first' flagged). */
type FlaggedTarget = { chapter: number; index: number | 'first' };

/**
 * The flagged passage after `from` in reading order: later in this chapter, then the next chapter
 * whose count says it has flagged passages (wrapping round the book), then earlier in this chapter.
 * @example nextFlagged(passages, 3, chapters, 0) // { chapter: 2, index: 'first' }
 */
export function nextFlagged(
  passages: readonly Passage[],
  from: number,
  chapters: readonly PassageChapter[],
  chapter: number,
): FlaggedTarget | null {
  const flagged = (p: Passage | undefined) => (p?.flags.length ?? 0) > 0;
  for (let i = from + 1; i < passages.length; i++) if (flagged(passages[i])) return { chapter, index: i };
  const at = chapters.findIndex((c) => c.index === chapter);
  for (let k = 1; k < chapters.length; k++) {
    const c = chapters[(at + k) % chapters.length];
    if (c && c.flagged > 0) return { chapter: c.index, index: 'first' };
  }
  for (let i = 0; i <= Math.min(from, passages.length - 1); i++)
    if (flagged(passages[i])) return { chapter, index: i };
  return null;
}
