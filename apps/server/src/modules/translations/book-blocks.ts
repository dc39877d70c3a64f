import { type Book, countWords } from '@booktranslate/ebook';
import { needsTranslation } from '@booktranslate/translator';
import { selectBlocksWithinLimit } from './select-blocks';

export interface BookBlock {
  id: string;
  text: string;
  words: number;
  chapter: string | null;
}

/** Every block of the book in reading order, with its word count and chapter title. */
export function bookBlocks(book: Book): BookBlock[] {
  const out: BookBlock[] = [];
  for (const chapter of book.chapters) {
    for (const block of chapter.blocks) {
      out.push({
        id: block.id,
        text: block.text,
        words: countWords(block.text),
        chapter: chapter.title ?? null,
      });
    }
  }
  return out;
}

/** The blocks this translation covers and sends to the engine (the Free credit's first words only). */
export function blocksToTranslate(book: Book, wordLimit: number | null): BookBlock[] {
  return selectBlocksWithinLimit(bookBlocks(book), wordLimit).filter((b) => needsTranslation(b.text));
}

/**
 * Saved units are whole blocks (`c1.b7`) or sentence-aligned parts of an oversized block
 * (`c1.b7#0/3`); this joins the parts back in order into one translation per block.
 */
export function joinSavedUnits(saved: Map<string, string>): Map<string, string> {
  const result = new Map<string, string>();
  const parts = new Map<string, { count: number; texts: string[] }>();
  for (const [key, text] of saved) {
    const match = /^(.*)#(\d+)\/(\d+)$/.exec(key);
    if (!match) {
      result.set(key, text);
      continue;
    }
    const [, blockId, index, count] = match as unknown as [string, string, string, string];
    const entry = parts.get(blockId) ?? { count: Number(count), texts: [] };
    entry.texts[Number(index)] = text;
    parts.set(blockId, entry);
  }
  for (const [blockId, entry] of parts) {
    const complete = entry.texts.length === entry.count && entry.texts.every((t) => t !== undefined);
    // Parts keep their own edge whitespace, so plain concatenation restores the block.
    if (complete && !result.has(blockId)) result.set(blockId, entry.texts.join(''));
  }
  return result;
}

export function unitKey(blockId: string, part?: { index: number; count: number }): string {
  return part ? `${blockId}#${part.index}/${part.count}` : blockId;
}
