import {
  type BookBrief,
  type Engine,
  keepEdges,
  memoryKeyOf,
  type TranslationMemory,
} from '@booktranslate/translator';
import type { Database } from '../../../db/database';
import type { ChunkBlock } from '../../../db/schema/translation-blocks';
import { lookUpMemory, rememberEngineText } from '../../memory';
import {
  type BlockToSave,
  type Fence,
  translationMemoryRepository as memory,
} from '../translation-memory.repository';

export interface ChunkMemory extends TranslationMemory {
  /** Waits until every block handed to `put` is written; throws if a write failed. */
  drain(): Promise<void>;
  /** Blocks whose save the fence refused (a newer attempt owns the chunk). */
  readonly refused: number;
}

/**
 * The translator's memory interface on our database, for one claimed chunk: `get` answers the
 * blocks an earlier attempt already saved (they are never requested again) and `put` saves each
 * block once its reply passes the checks, under the attempt's fence. The blocks of one reply are
 * accepted in one go, so they are written together in one transaction (a write per block would
 * queue every chunk of the book on the translation's row).
 */
export async function chunkMemory(
  db: Database,
  fence: Fence,
  blocks: ChunkBlock[],
  keyParts: { from: string; to: string; engine: Engine; brief: BookBrief | undefined },
  /** The translation's owner: their translation memory across books is looked up and added to. */
  owner?: string,
): Promise<ChunkMemory> {
  // The translator's own key, so what one side stores the other always finds.
  const keyOf = memoryKeyOf(keyParts);
  const byKey = new Map<string, ChunkBlock[]>();
  for (const block of blocks) {
    const key = keyOf(block.text);
    const same = byKey.get(key);
    if (same) same.push(block);
    else byKey.set(key, [block]);
  }
  const saved = await memory.savedTextsOf(
    db,
    fence.translationId,
    blocks.map((b) => b.id),
  );
  const scope = {
    from: keyParts.from,
    to: keyParts.to,
    engine: keyParts.engine.name,
    model: keyParts.engine.model,
  };
  // The owner's earlier translations of these blocks: saved as this translation's own at once, so
  // the translator finds them in `get` and asks the engine only for the rest (none: no request).
  const missing = blocks.filter((b) => !saved.has(b.id));
  if (owner && missing.length > 0) {
    const found = await lookUpMemory(
      db,
      owner,
      missing.map((b) => ({ id: b.id, text: b.text, whole: !b.part })),
      scope,
      keyParts.brief,
    );
    const taken: BlockToSave[] = [];
    for (const block of missing) {
      const hit = found.get(block.id);
      if (!hit) continue;
      const text = keepEdges(block.text, hit.text);
      saved.set(block.id, text);
      taken.push({ blockId: block.id, sourceHash: block.hash, text, words: block.words, origin: hit.origin });
    }
    if (taken.length > 0 && !(await memory.saveBlocks(db, fence, taken))) {
      for (const block of taken) saved.delete(block.blockId);
    }
  }
  let queued: BlockToSave[] = [];
  let engineText: { source: string; text: string; words: number }[] = [];
  let writing: Promise<void> = Promise.resolve();
  let scheduled = false;
  let failure: unknown;
  let refused = 0;

  const flush = () => {
    scheduled = false;
    const batch = queued;
    const finished = engineText;
    queued = [];
    engineText = [];
    writing = writing.then(async () => {
      try {
        if (!(await memory.saveBlocks(db, fence, batch))) refused += batch.length;
        else if (owner) await rememberEngineText(db, owner, finished, scope, keyParts.brief);
      } catch (error) {
        failure ??= error;
      }
    });
  };

  return {
    get refused() {
      return refused;
    },
    async get(key: string) {
      for (const block of byKey.get(key) ?? []) {
        const text = saved.get(block.id);
        if (text !== undefined) return text;
      }
      return undefined;
    },
    async put(key: string, text: string) {
      for (const block of byKey.get(key) ?? []) {
        if (saved.has(block.id)) continue;
        const value = keepEdges(block.text, text);
        saved.set(block.id, value);
        queued.push({ blockId: block.id, sourceHash: block.hash, text: value, words: block.words });
        engineText.push({ source: block.text, text: value, words: block.words });
      }
      // Written after the current reply's blocks are all accepted (they arrive in one synchronous run).
      if (queued.length > 0 && !scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    async drain() {
      if (scheduled) flush();
      await writing;
      if (failure) throw failure;
    },
  };
}
