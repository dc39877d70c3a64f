import type { Book } from '@booktranslate/ebook';
import { countTokens } from './count-tokens';
import { splitSentences } from './split-sentences';

/** One unit sent to an engine: a whole block, or one sentence-aligned part of an oversized block. */
export interface ChunkItem {
  /** Key in the BLOCKS object, unique within the chunk ("1", "2", ...). */
  key: string;
  blockId: string;
  chapterId: string;
  text: string;
  tokens: number;
  /** Set for parts of a split block: position and count of parts. */
  part?: { index: number; count: number };
}

export interface Chunk {
  /** Position in the book's chunk list; stable for the same book and options. */
  index: number;
  items: ChunkItem[];
  tokens: number;
  /** Text of the items just before this chunk, for continuity (source language). */
  previousSource?: string;
  /** Block id whose translation, if known, is the previous passage's target. */
  previousBlockId?: string;
}

export interface PlanOptions {
  /** Upper bound of source tokens per chunk. */
  maxTokens: number;
  /** Source language, for sentence boundaries when a block must be split. */
  from: string;
  /** With a concurrency, the chunk count is rounded up to a multiple of it so no slot idles at the end. */
  concurrency?: number;
  /** Blocks to leave out (already translated, e.g. found in the translation memory). */
  skip?: (blockId: string) => boolean;
  /** Tokens of source text given as the previous passage. */
  contextTokens?: number;
}

/** Blocks without a single letter (numbers, rules, "* * *") are kept as they are, not sent. */
export function needsTranslation(text: string): boolean {
  return /\p{L}/u.test(text);
}

/**
 * Cuts a book into chunks of whole blocks (in reading order) with nearly equal token counts.
 * @example planChunks(book, { maxTokens: 2400, from: 'en', concurrency: 32 })
 */
export function planChunks(book: Book, options: PlanOptions): Chunk[] {
  const units = collectUnits(book, options);
  const total = units.reduce((sum, u) => sum + u.tokens, 0);
  const target = total / chunkCount(total, units.length, options);
  const chunks: Chunk[] = [];
  let current: ChunkItem[] = [];
  let tokens = 0;
  let filled = 0;
  units.forEach((unit, i) => {
    current.push({ ...unit, key: String(current.length + 1) });
    tokens += unit.tokens;
    filled += unit.tokens;
    const next = units[i + 1];
    // Close the chunk when the running total reaches the next multiple of the target, so rounding
    // errors do not pile up at the end; never exceed the hard budget.
    const goal = (chunks.length + 1) * target;
    const overBudget = next !== undefined && tokens + next.tokens > options.maxTokens;
    const pastGoal = next !== undefined && filled + next.tokens / 2 > goal;
    if (next === undefined || overBudget || pastGoal) {
      chunks.push({ index: chunks.length, items: current, tokens });
      current = [];
      tokens = 0;
    }
  });
  addContext(chunks, options.contextTokens ?? 60);
  return chunks;
}

function chunkCount(total: number, units: number, options: PlanOptions): number {
  const minimum = Math.max(1, Math.ceil(total / options.maxTokens));
  const slots = options.concurrency ?? 1;
  if (slots <= 1) return minimum;
  const rounded = Math.ceil(minimum / slots) * slots;
  // Rounding up only pays while chunks stay big enough for the prompt overhead to stay small.
  const count = total / rounded >= options.maxTokens / 2 ? rounded : minimum;
  return Math.min(count, units);
}

function collectUnits(book: Book, options: PlanOptions): Omit<ChunkItem, 'key'>[] {
  const units: Omit<ChunkItem, 'key'>[] = [];
  for (const chapter of book.chapters) {
    for (const block of chapter.blocks) {
      if (!needsTranslation(block.text) || options.skip?.(block.id)) continue;
      const tokens = countTokens(block.text);
      const base = { blockId: block.id, chapterId: chapter.id };
      if (tokens <= options.maxTokens) {
        units.push({ ...base, text: block.text, tokens });
        continue;
      }
      const parts = splitSentences(block.text, options.from, Math.floor(options.maxTokens / 2));
      parts.forEach((text, index) => {
        units.push({ ...base, text, tokens: countTokens(text), part: { index, count: parts.length } });
      });
    }
  }
  return units;
}

function addContext(chunks: Chunk[], contextTokens: number): void {
  for (let i = 1; i < chunks.length; i++) {
    const last = chunks[i - 1]?.items.at(-1);
    if (!last || contextTokens <= 0) continue;
    const chunk = chunks[i] as Chunk;
    chunk.previousSource = tail(last.text, contextTokens);
    if (!last.part) chunk.previousBlockId = last.blockId;
  }
}

/** The last words of a text within about `tokens` tokens (4 characters per token is enough here). */
function tail(text: string, tokens: number): string {
  const limit = tokens * 4;
  if (text.length <= limit) return text;
  const cut = text.indexOf(' ', text.length - limit);
  return `…${text.slice(cut < 0 ? text.length - limit : cut + 1)}`;
}
