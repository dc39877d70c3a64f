// The cuts of a book that one wave of requests takes whole (decisions 292, 310): every chunk as
// close as reading order allows to the others in the length of the reply it asks for, whole blocks
// or blocks cut between sentences.

import type { Chunk, ChunkItem, PlanOptions } from './chunk-types';
import { countTokens } from './count-tokens';
import { sentenceBoundaries } from './split-sentences';

/** A block, or a part of an oversized one, before it is given its key in a chunk. */
export type Unit = Omit<ChunkItem, 'key'>;

/**
 * What a unit weighs in a wave: the length of the reply it asks for, in tokens. A reply runs with
 * the source's length in characters (the ratio length-based alignment rests on), not with its
 * source tokens: the source's tokenizer packs common words into one token each, which the reply in
 * another language does not share; so a unit weighs its characters at the book's mean tokens per
 * character. And a reply writes every item as `"17": "…",` on a line of its own, 6-7 tokens of JSON
 * beside a text of 1.2-1.7 tokens per source token: about 4 source tokens' worth. Balanced on
 * weight, the chunks of a wave end together (decision 310).
 */
const ITEM_TOKENS = 4;

/** Weighs units' text (or a part of it, `chars` long) at these units' mean tokens per character. */
export function weigher(units: Unit[]): (chars: number) => number {
  const chars = units.reduce((sum, u) => sum + u.text.length, 0);
  const tokens = units.reduce((sum, u) => sum + u.tokens, 0);
  const perChar = chars > 0 ? tokens / chars : 0;
  return (length) => length * perChar + ITEM_TOKENS;
}

/**
 * When one wave of requests takes every chunk, the book waits on the largest: the wave of whole
 * blocks in reading order under the smallest weight that fits `count` chunks of at most
 * `maxTokens` source tokens (a binary search over greedy fills), or undefined when even the budget
 * needs more chunks.
 */
export function wholeBlockWave(units: Unit[], count: number, maxTokens: number): Chunk[] | undefined {
  const weigh = weigher(units);
  const fits = (ceiling: number) => cutUnder(units, ceiling, maxTokens, weigh).length <= count;
  const total = units.reduce((sum, u) => sum + weigh(u.text.length), 0);
  const ceiling = smallestFitting(
    Math.max(1, ...units.map((u) => Math.ceil(weigh(u.text.length)))),
    Math.max(1, Math.ceil(total)),
    fits,
  );
  return ceiling === undefined ? undefined : cutUnder(units, ceiling, maxTokens, weigh);
}

/** The smallest ceiling in [low, high] that `fits` (true from some ceiling on), or undefined. */
function smallestFitting(low: number, high: number, fits: (ceiling: number) => boolean): number | undefined {
  if (low > high || !fits(high)) return undefined;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) high = middle;
    else low = middle + 1;
  }
  return high;
}

/**
 * One wave of at most `count` chunks in reading order under the smallest ceiling a fill between
 * sentences allows (a binary search, like smallestCeiling's over whole blocks): a chunk takes whole
 * blocks while they fit and, when the next does not, closes at the block's edge if it is within
 * `EDGE` of the ceiling, else cuts the block at the last sentence that fits (into parts, like an
 * oversized block). Every chunk but the last then ends within a sentence or the edge of the
 * ceiling, and the ceiling is within a sentence or so of the mean. Undefined when no ceiling within
 * the budget fits (a part or a sentence too large to move).
 */
export function cutEven(units: Unit[], count: number, options: PlanOptions): Chunk[] | undefined {
  const boundaries = new Map<number, { offset: number; tokens: number }[]>();
  // Where a unit may be cut (a part of an oversized block is not cut again); worked out only for
  // the units a chunk's end falls in.
  const boundariesOf = (i: number) => {
    let found = boundaries.get(i);
    if (!found) {
      const unit = units[i] as Unit;
      found = unit.part ? [] : sentenceBoundaries(unit.text, options.from).slice(0, -1);
      boundaries.set(i, found);
    }
    return found;
  };
  // Sentence sums run a token or two per cut off the exact count: kept clear of the budget.
  const cap = options.maxTokens - 4;
  const weigh = weigher(units);
  /**
   * Where the chunks end under `ceiling` (in weight; each chunk also within `cap` source tokens), or
   * undefined when it takes more than `count` chunks.
   */
  const fill = (ceiling: number): ChunkEnd[] | undefined => {
    const edge = ceiling * (1 - EDGE);
    const ends: ChunkEnd[] = [];
    let tokens = 0;
    let weight = 0;
    for (let i = 0; i < units.length; i++) {
      const unit = units[i] as Unit;
      // What of the unit earlier chunks took: tokens and characters.
      let done = 0;
      let doneAt = 0;
      const rest = () => weigh(unit.text.length - doneAt);
      while (weight + rest() > ceiling || tokens + unit.tokens - done > cap) {
        const room = cap - tokens;
        const cut =
          weight >= edge
            ? undefined
            : boundariesOf(i).findLast(
                (b) =>
                  b.tokens > done && b.tokens - done <= room && weight + weigh(b.offset - doneAt) <= ceiling,
              );
        if (cut) {
          ends.push({ unit: i, offset: cut.offset });
          done = cut.tokens;
          doneAt = cut.offset;
        } else if (weight > 0) ends.push({ unit: i - 1 });
        // Not even a sentence of it fits an empty chunk.
        else return undefined;
        tokens = 0;
        weight = 0;
        if (ends.length >= count) return undefined;
      }
      tokens += unit.tokens - done;
      weight += rest();
    }
    return ends;
  };
  const fits = (ceiling: number) => fill(ceiling) !== undefined;
  const weights = units.reduce((sum, u) => sum + weigh(u.text.length), 0);
  const ceiling = smallestFitting(
    Math.max(1, Math.ceil(weights / count)),
    Math.max(1, Math.ceil(weights)),
    fits,
  );
  if (ceiling === undefined) return undefined;
  const chunks = build(units, fill(ceiling) ?? []);
  return chunks.every((c) => c.tokens <= options.maxTokens) ? chunks : undefined;
}

/** How far under the ceiling a chunk may close at a block's edge rather than cut the block. */
const EDGE = 0.02;

/** A chunk's end: after a whole unit, or inside it at an offset (the unit is cut there). */
interface ChunkEnd {
  unit: number;
  offset?: number;
}

/** The chunks the ends mark (in order), the units cut at an end numbered as parts. */
function build(units: Unit[], ends: ChunkEnd[]): Chunk[] {
  const chunks: Chunk[] = [];
  const parts = new Map<string, ChunkItem[]>();
  let current: ChunkItem[] = [];
  const push = (unit: Unit, from: number, to: number) => {
    const whole = from === 0 && to === unit.text.length;
    const text = whole ? unit.text : unit.text.slice(from, to);
    const item = {
      ...unit,
      text,
      tokens: whole ? unit.tokens : countTokens(text),
      key: String(current.length + 1),
    };
    current.push(item);
    if (!whole) parts.set(unit.blockId, [...(parts.get(unit.blockId) ?? []), item]);
  };
  const close = () => {
    if (current.length === 0) return;
    chunks.push({ index: chunks.length, items: current, tokens: current.reduce((n, i) => n + i.tokens, 0) });
    current = [];
  };
  let next = 0;
  units.forEach((unit, i) => {
    let from = 0;
    for (let end = ends[next]; end?.unit === i && end.offset !== undefined; end = ends[++next]) {
      push(unit, from, end.offset);
      close();
      from = end.offset;
    }
    push(unit, from, unit.text.length);
    if (ends[next]?.unit === i) {
      close();
      next++;
    }
  });
  close();
  for (const list of parts.values())
    list.forEach((item, index) => {
      item.part = { index, count: list.length };
    });
  return chunks;
}

/** Fills chunks in reading order, each up to `ceiling` in weight and `maxTokens` source tokens. */
function cutUnder(
  units: Unit[],
  ceiling: number,
  maxTokens: number,
  weigh: (chars: number) => number,
): Chunk[] {
  const chunks: Chunk[] = [];
  let current: ChunkItem[] = [];
  let tokens = 0;
  let weight = 0;
  for (const unit of units) {
    const full = weight + weigh(unit.text.length) > ceiling || tokens + unit.tokens > maxTokens;
    if (current.length > 0 && full) {
      chunks.push({ index: chunks.length, items: current, tokens });
      current = [];
      tokens = 0;
      weight = 0;
    }
    current.push({ ...unit, key: String(current.length + 1) });
    tokens += unit.tokens;
    weight += weigh(unit.text.length);
  }
  if (current.length > 0) chunks.push({ index: chunks.length, items: current, tokens });
  return chunks;
}
