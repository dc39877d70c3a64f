import type { Book } from '@booktranslate/ebook';
import { countTokens } from './count-tokens';
import { sentenceBoundaries, splitSentences } from './split-sentences';

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
  /**
   * With a concurrency, the smallest chunk worth a request when the text is too short to give every
   * slot a chunk of half the budget: the text is then cut into more, smaller chunks (down to this
   * size, at most one per slot) so that it is done sooner, at the cost of a prompt per chunk.
   * Without it such a text takes the fewest chunks.
   */
  minTokens?: number;
  /**
   * With a concurrency, the largest chunk the engine takes: a book that needs several waves of
   * requests at `maxTokens` is cut into fewer waves when its chunks stay within this (one wave of
   * 32 chunks of 4,300 tokens instead of two of 2,150: half the requests and their prompts, and no
   * second wave to balance). Without it chunks never exceed `maxTokens`.
   */
  stretchTokens?: number;
  /**
   * When one wave of requests takes every chunk: cut a block between two sentences where a chunk
   * reaches its share of the text, so every chunk is within a sentence or so of the mean instead of
   * within a block (the wave ends with its largest chunk: a 600-token block in a 700-token chunk
   * left one chunk half the size of another). The parts are joined back like an oversized block's.
   * Without it blocks stay whole.
   */
  evenWave?: boolean;
  /** Blocks to leave out (already translated, e.g. found in the translation memory). */
  skip?: (blockId: string) => boolean;
  /** Tokens of source text given as the previous passage. */
  contextTokens?: number;
}

const PLACEHOLDER = /<\/?g\d+>|<x\d+\/>/g;

/**
 * Blocks without a single letter outside their placeholders (numbers, rules, "* * *", a code block
 * that is one `<x1/>`) are kept as they are, not sent.
 */
export function needsTranslation(text: string): boolean {
  return /\p{L}/u.test(text.replace(PLACEHOLDER, ''));
}

/**
 * Cuts a book into chunks of whole blocks (in reading order) with nearly equal token counts.
 * @example planChunks(book, { maxTokens: 2400, from: 'en', concurrency: 32 })
 */
export function planChunks(book: Book, options: PlanOptions): Chunk[] {
  return cutChunks([...unitsOf(book, options)], options);
}

/**
 * planChunks that yields to the event loop while it counts tokens, so requests already started
 * (the analysis) go out and come back while a large book is planned.
 */
export async function planChunksAsync(book: Book, options: PlanOptions): Promise<Chunk[]> {
  const units: Unit[] = [];
  for (const unit of unitsOf(book, options)) {
    if (units.push(unit) % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return cutChunks(units, options);
}

type Unit = Omit<ChunkItem, 'key'>;

function cutChunks(units: Unit[], planned: PlanOptions): Chunk[] {
  const total = units.reduce((sum, u) => sum + u.tokens, 0);
  const { count, maxTokens } = chunkCount(total, units.length, planned);
  const options = { ...planned, maxTokens };
  const oneWave = (options.concurrency ?? 1) > 1 && count <= (options.concurrency ?? 1);
  // Cutting blocks between sentences also fits a wave that whole blocks cannot. A part too large to
  // move (or token counts that do not add up across a cut) can still leave more than a wave; the
  // plan of whole blocks stands then.
  const even = oneWave && options.evenWave ? cutEven(units, count, options) : undefined;
  if (even) return withContext(even, options);
  const ceiling = oneWave ? smallestCeiling(units, count, options.maxTokens) : undefined;
  if (ceiling !== undefined) return withContext(cutUnder(units, ceiling, options.maxTokens), options);
  const goal = goals(total, count, options);
  const chunks: Chunk[] = [];
  let current: ChunkItem[] = [];
  let tokens = 0;
  let filled = 0;
  units.forEach((unit, i) => {
    current.push({ ...unit, key: String(current.length + 1) });
    tokens += unit.tokens;
    filled += unit.tokens;
    const next = units[i + 1];
    // Close the chunk when the running total reaches the chunk's cumulative goal, so rounding
    // errors do not pile up at the end; never exceed the hard budget.
    const overBudget = next !== undefined && tokens + next.tokens > options.maxTokens;
    const pastGoal = next !== undefined && filled + next.tokens / 2 > goal(chunks.length);
    if (next === undefined || overBudget || pastGoal) {
      chunks.push({ index: chunks.length, items: current, tokens });
      current = [];
      tokens = 0;
    }
  });
  return withContext(chunks, options);
}

/**
 * What a unit weighs in a wave: the length of the reply it asks for, in tokens. A reply runs with
 * the source's length in characters (the ratio length-based alignment rests on), not with its
 * source tokens: the source's tokenizer packs common words into one token each, which the reply in
 * another language does not share; so a unit weighs its characters at the book's mean tokens per
 * character. And a reply writes every item as `"17": "…",` on a line of its own, 6-7 tokens of JSON
 * beside a text of 1.2-1.7 tokens per source token: about 4 source tokens' worth. Balanced on
 * weight, the chunks of a wave end together (decision 310).
 */
export const ITEM_TOKENS = 4;

/** Weighs units' text (or a part of it, `chars` long) at these units' mean tokens per character. */
function weigher(units: Unit[]): (chars: number) => number {
  const chars = units.reduce((sum, u) => sum + u.text.length, 0);
  const tokens = units.reduce((sum, u) => sum + u.tokens, 0);
  const perChar = chars > 0 ? tokens / chars : 0;
  return (length) => length * perChar + ITEM_TOKENS;
}

/**
 * When one wave of requests takes every chunk, the book waits on the largest: the smallest weight
 * under which the units, in reading order, fit in `count` chunks of at most `maxTokens` source
 * tokens (a binary search over greedy fills), or undefined when even the budget needs more chunks.
 */
function smallestCeiling(units: Unit[], count: number, maxTokens: number): number | undefined {
  const weigh = weigher(units);
  const fits = (ceiling: number) => cutUnder(units, ceiling, maxTokens).length <= count;
  const total = units.reduce((sum, u) => sum + weigh(u.text.length), 0);
  return smallestFitting(
    Math.max(1, ...units.map((u) => Math.ceil(weigh(u.text.length)))),
    Math.max(1, Math.ceil(total)),
    fits,
  );
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
function cutEven(units: Unit[], count: number, options: PlanOptions): Chunk[] | undefined {
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
function cutUnder(units: Unit[], ceiling: number, maxTokens: number): Chunk[] {
  const weigh = weigher(units);
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

function withContext(chunks: Chunk[], options: PlanOptions): Chunk[] {
  addContext(chunks, options.contextTokens ?? 60);
  return chunks;
}

/**
 * Cumulative token goal after chunk k. With more chunks than slots, sizes fall gently from 10% above
 * to 10% below the mean: started largest first, the lanes that finish the first wave early take
 * the larger of the later chunks, so every lane ends at about the same time.
 */
function goals(total: number, count: number, options: PlanOptions): (k: number) => number {
  const mean = total / count;
  const waves = count > (options.concurrency ?? 1) && (options.concurrency ?? 1) > 1;
  const spread = waves ? Math.max(0, Math.min(0.1, options.maxTokens / mean - 1)) : 0;
  return (k) => (k + 1) * mean * (1 + spread - (spread * k) / Math.max(1, count - 1));
}

function chunkCount(
  total: number,
  units: number,
  options: PlanOptions,
): { count: number; maxTokens: number } {
  const minimum = Math.max(1, Math.ceil(total / options.maxTokens));
  const slots = options.concurrency ?? 1;
  if (slots <= 1) return { count: minimum, maxTokens: options.maxTokens };
  const rounded = Math.ceil(minimum / slots) * slots;
  // Rounding up only pays while chunks stay big enough for the prompt overhead to stay small.
  const fewest = options.minTokens
    ? Math.max(minimum, Math.min(slots, Math.floor(total / options.minTokens)))
    : minimum;
  if (total / rounded < options.maxTokens / 2)
    return { count: Math.min(fewest, units), maxTokens: options.maxTokens };
  // Whole waves of chunks as large as the engine takes, when that is fewer waves than the budget's.
  const stretch = options.stretchTokens ?? 0;
  const waves = stretch > options.maxTokens ? Math.ceil(total / (slots * stretch)) * slots : rounded;
  if (waves < rounded && waves <= units) return { count: waves, maxTokens: stretch };
  return { count: Math.min(rounded, units), maxTokens: options.maxTokens };
}

function* unitsOf(book: Book, options: PlanOptions): Generator<Unit> {
  for (const chapter of book.chapters) {
    for (const block of chapter.blocks) {
      if (!needsTranslation(block.text) || options.skip?.(block.id)) continue;
      const tokens = countTokens(block.text);
      const base = { blockId: block.id, chapterId: chapter.id };
      if (tokens <= options.maxTokens) {
        yield { ...base, text: block.text, tokens };
        continue;
      }
      const parts = splitSentences(block.text, options.from, Math.floor(options.maxTokens / 2));
      for (const [index, text] of parts.entries()) {
        yield { ...base, text, tokens: countTokens(text), part: { index, count: parts.length } };
      }
    }
  }
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
