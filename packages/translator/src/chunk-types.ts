// What the chunk planner gives an engine and what it is asked for (plan-chunks.ts, plan-one-wave.ts).

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
  /** A short chunk for the slots kept beside a wave (see PlanOptions.fill). */
  fill?: boolean;
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
  /**
   * With a concurrency and a text that fills one wave: `slots` more requests may run beside the
   * wave while nothing else needs them (the slots a key keeps for other books' first requests). The
   * end of the text is cut into short chunks of about `tokens` source tokens, marked `fill`, that
   * those slots take one after another while the wave runs; the wave is cut from the rest. A short
   * chunk keeps the wait of whoever needs such a slot short. Without it the wave takes the whole text.
   */
  fill?: { slots: number; tokens: number };
  /** Blocks to leave out (already translated, e.g. found in the translation memory). */
  skip?: (blockId: string) => boolean;
  /** Tokens of source text given as the previous passage. */
  contextTokens?: number;
}
