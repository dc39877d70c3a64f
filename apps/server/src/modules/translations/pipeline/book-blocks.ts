import { createHash } from 'node:crypto';
import { type Book, countWords } from '@booktranslate/ebook';
import { needsTranslation, withinWordLimit } from '@booktranslate/translator';
import { parseUnitKey } from './pipeline-keys';

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
  return withinWordLimit(bookBlocks(book), wordLimit).filter((b) => needsTranslation(b.text));
}

/**
 * Saved units are whole blocks (`c1.b7`) or sentence-aligned parts of an oversized block
 * (`c1.b7#0/3`); this joins the parts back in order into one translation per block.
 */
export function joinSavedUnits(saved: Map<string, string>): Map<string, string> {
  const result = new Map<string, string>();
  const parts = new Map<string, { count: number; texts: string[] }>();
  for (const [key, text] of saved) {
    const { blockId, part } = parseUnitKey(key);
    if (!part) {
      result.set(key, text);
      continue;
    }
    const entry = parts.get(blockId) ?? { count: part.count, texts: [] };
    entry.texts[part.index] = text;
    parts.set(blockId, entry);
  }
  for (const [blockId, entry] of parts) {
    const complete = entry.texts.length === entry.count && entry.texts.every((t) => t !== undefined);
    // Parts keep their own edge whitespace, so plain concatenation restores the block.
    if (complete && !result.has(blockId)) result.set(blockId, entry.texts.join(''));
  }
  return result;
}

/** Short hash of a block's source text, stored with its translation. */
export function sourceHash(text: string): string {
  return createHash('sha1').update(text).digest('base64url').slice(0, 16);
}
