import type { Book } from '@booktranslate/ebook';
import type { Chunk, ChunkItem, PlanOptions } from './chunk-types';
import { countTokens } from './count-tokens';
import { splitFill } from './plan-fill';
import { cutEven, type Unit, wholeBlockWave } from './plan-one-wave';
import { splitSentences } from './split-sentences';

export type { Chunk, ChunkItem, PlanOptions } from './chunk-types';

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

function cutChunks(units: Unit[], planned: PlanOptions): Chunk[] {
  const total = units.reduce((sum, u) => sum + u.tokens, 0);
  const { count, maxTokens } = chunkCount(total, units.length, planned);
  const options = { ...planned, maxTokens };
  const oneWave = (options.concurrency ?? 1) > 1 && count <= (options.concurrency ?? 1);
  // Cutting blocks between sentences also fits a wave that whole blocks cannot. A part too large to
  // move (or token counts that do not add up across a cut) can still leave more than a wave; the
  // plan of whole blocks stands then.
  // A full wave beside kept slots leaves the end of the text to short chunks for them (decision 314).
  const fill =
    oneWave && options.fill && count === options.concurrency
      ? splitFill(units, count, options.fill)
      : undefined;
  const waveUnits = fill?.wave ?? units;
  const even = oneWave && options.evenWave ? cutEven(waveUnits, count, options) : undefined;
  const wave = even ?? (oneWave ? wholeBlockWave(waveUnits, count, options.maxTokens) : undefined);
  if (wave) {
    const after = (fill?.fill ?? []).map(
      (group, i): Chunk => ({
        index: wave.length + i,
        items: group.map((unit, k) => ({ ...unit, key: String(k + 1) })),
        tokens: group.reduce((sum, u) => sum + u.tokens, 0),
        fill: true,
      }),
    );
    return withContext([...wave, ...after], options);
  }
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
