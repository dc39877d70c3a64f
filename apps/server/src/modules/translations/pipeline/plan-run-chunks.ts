import { type Book, countWords } from '@booktranslate/ebook';
import { chunkSlots, planChunksAsync } from '@booktranslate/translator';
import {
  translationMemoryRepository as memory,
  type PlannedChunk,
  type SavedBlock,
} from '../translation-memory.repository';
import { balanceTail } from './balance-tail';
import { blocksToTranslate, bookBlocks, sourceHash } from './book-blocks';
import type { PipelineDeps } from './pipeline-deps';
import { parseUnitKey, unitKey } from './pipeline-keys';

/**
 * A fill chunk's part of the engine's chunk budget: 300 tokens of 2,400, a request of a few seconds
 * (its reply some 500 tokens), the longest a newcomer's first request waits for a kept slot.
 */
const FILL_PART = 8;

/**
 * The chunks of a run: the blocks to translate that the run has not saved yet, cut for the key's
 * slots (see the options below), with the word counts the progress starts from.
 */
export async function planRunChunks(
  deps: PipelineDeps,
  translationId: string,
  book: Book,
  wordLimit: number | null,
  /**
   * The engine's chunk budget, the largest chunk it takes when that saves a wave, whether another
   * translation is under way on the service (its chunks share the slots), and whether a lone book's
   * wave may leave short chunks to the slots the key keeps (`fill`: not for provider batches).
   */
  size: { maxTokens: number; stretchTokens?: number; shared?: boolean; fill?: boolean },
  from: string,
  /** Blocks the owner's memory holds by their text: chunked apart from the new text. */
  remembered: Set<string> = new Set(),
): Promise<{ chunks: PlannedChunk[]; wordsTotal: number; wordsDone: number; wordsFromMemory: number }> {
  const covered = blocksToTranslate(book, wordLimit);
  const saved = await memory.savedBlocks(deps.db, translationId);
  const hashes = new Map(covered.map((b) => [b.id, sourceHash(b.text)]));
  const splits = splitCounts(saved);
  const done = new Set(
    covered.filter((b) => isSaved(saved, splits, b.id, hashes.get(b.id)!)).map((b) => b.id),
  );
  const chapters = new Map(bookBlocks(book).map((b) => [b.id, b.chapter]));
  const skip = (id: string) => !hashes.has(id) || done.has(id);
  // The new text is cut for the slots as a book of its own; remembered blocks make chunks of their
  // own that cost no request (their lookup), numbered after it.
  // A run that is mostly memory (a new edition) has little new text, and its reader waits for it:
  // cut small so that many slots take a part, but each chunk carries at least 0.3 of the budget,
  // some three times its prompt's fixed part (decision 270).
  const { maxTokens } = size;
  // A wave is as wide as the slots a worker's chunks may fill (the key keeps a few for prepare requests).
  const slots = chunkSlots(deps.concurrency);
  // The new text of a book with no other translation under way on the key.
  const alone = remembered.size === 0 && !size.shared;
  const fresh = await planChunksAsync(book, {
    maxTokens,
    from,
    concurrency: slots,
    // One wave ends with its largest chunk: a block is cut between sentences to keep them even.
    evenWave: true,
    // A run that is mostly memory keeps the budget: its new text is cut small, not large. So does a
    // book beside other translations: its chunks wait for slots other chunks give up, and a short
    // chunk ends soon after it gets one. A book alone on the key takes one wave of chunks up to twice
    // the budget, and a short one as many chunks of half the budget as the slots hold (decision 313).
    ...(alone
      ? { stretchTokens: size.stretchTokens, minTokens: Math.floor(maxTokens / 2) }
      : { minTokens: Math.floor(maxTokens * 0.3) }),
    // Alone, a full wave leaves the end of the book to short chunks in the kept slots: they run while
    // no other book needs those slots and give them up within seconds when one does (decision 314).
    ...(size.fill && alone && slots < deps.concurrency
      ? { fill: { slots: deps.concurrency - slots, tokens: Math.floor(maxTokens / FILL_PART) } }
      : {}),
    skip: (id) => skip(id) || remembered.has(id),
  });
  const recalled =
    remembered.size > 0
      ? await planChunksAsync(book, { maxTokens, from, skip: (id) => skip(id) || !remembered.has(id) })
      : [];
  const toPlanned = (chunk: (typeof fresh)[number]): PlannedChunk => {
    const blocks = chunk.items.map((item) => ({
      id: unitKey(item.blockId, item.part),
      blockId: item.blockId,
      chapterId: item.chapterId,
      ...(item.part ? { part: item.part } : {}),
      text: item.text,
      tokens: item.tokens,
      words: countWords(item.text),
      hash: hashes.get(item.blockId) ?? sourceHash(item.text),
    }));
    return {
      seq: chunk.index,
      chapter: chapters.get(chunk.items[0]?.blockId ?? '') ?? null,
      blocks,
      previous: chunk.previousSource ?? null,
      words: blocks.reduce((sum, b) => sum + b.words, 0),
      ...(chunk.fill ? { fill: true } : {}),
    };
  };
  // Only the new text's chunks wait on the provider: only they are balanced across the slots (a
  // fill follows a single wave, which is never split).
  const balanced = [
    ...balanceTail(fresh.filter((c) => !c.fill).map(toPlanned), slots, (id) => chapters.get(id) ?? null),
    ...fresh.filter((c) => c.fill).map(toPlanned),
  ];
  const after = balanced.reduce((max, c) => Math.max(max, c.seq + 1), 0);
  balanced.push(...recalled.map((chunk) => ({ ...toPlanned(chunk), seq: after + chunk.index })));
  const wordsTotal = covered.reduce((sum, b) => sum + b.words, 0);
  const wordsDone = covered.filter((b) => done.has(b.id)).reduce((sum, b) => sum + b.words, 0);
  // Blocks an earlier run took from the user's translation memory stay counted apart.
  const wordsFromMemory = covered
    .filter(
      (b) =>
        done.has(b.id) &&
        (saved.get(b.id)?.origin ??
          saved.get(unitKey(b.id, { index: 0, count: splits.get(b.id) ?? 1 }))?.origin),
    )
    .reduce((sum, b) => sum + b.words, 0);
  return { chunks: balanced, wordsTotal, wordsDone, wordsFromMemory };
}

/** Block id -> part count, for blocks saved in sentence-aligned parts. */
function splitCounts(saved: Map<string, SavedBlock>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of saved.keys()) {
    const { blockId, part } = parseUnitKey(key);
    if (part?.index === 0) counts.set(blockId, part.count);
  }
  return counts;
}

/** A block counts as saved when its whole text, or every part of it, is in the memory under the same source. */
function isSaved(
  saved: Map<string, SavedBlock>,
  splits: Map<string, number>,
  blockId: string,
  hash: string,
): boolean {
  if (saved.get(blockId)?.sourceHash === hash) return true;
  const count = splits.get(blockId);
  if (count === undefined) return false;
  for (let i = 0; i < count; i++)
    if (saved.get(unitKey(blockId, { index: i, count }))?.sourceHash !== hash) return false;
  return true;
}
