import {
  glossaryVersion,
  memoryKey,
  type BookBrief,
  type Engine,
  type TranslationMemory,
} from '@booktranslate/translator';
import type { Database } from '../../db/database';
import type { ChunkBlock } from '../../db/schema/translation-blocks';
import { translationMemoryRepository as memory } from './translation-memory.repository';

export interface ChunkFence {
  translationId: string;
  run: number;
  seq: number;
  attempt: number;
}

/**
 * The translator's memory interface on our database, for one claimed chunk: `get` answers the
 * blocks an earlier attempt already saved (they are never requested again) and `put` saves each
 * block the moment its reply passes the checks, under the attempt's fence.
 */
export async function chunkMemory(
  db: Database,
  fence: ChunkFence,
  blocks: ChunkBlock[],
  keyParts: { from: string; to: string; engine: Engine; brief: BookBrief | undefined },
): Promise<TranslationMemory & { refused: number }> {
  const version = glossaryVersion(keyParts.brief);
  const keyOf = (text: string) =>
    memoryKey({
      text,
      from: keyParts.from,
      to: keyParts.to,
      engine: keyParts.engine.name,
      model: keyParts.engine.model,
      glossaryVersion: version,
    });
  const byKey = new Map<string, ChunkBlock[]>();
  for (const block of blocks) byKey.set(keyOf(block.text), [...(byKey.get(keyOf(block.text)) ?? []), block]);
  const saved = await memory.savedTextsOf(
    db,
    fence.translationId,
    blocks.map((b) => b.id),
  );
  const state = {
    refused: 0,
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
        const ok = await memory.saveBlock(db, fence, {
          blockId: block.id,
          sourceHash: block.hash,
          text: value,
          words: block.words,
        });
        if (ok) saved.set(block.id, value);
        else state.refused++;
      }
    },
  };
  return state;
}

/** Parts of a split block are joined by concatenation, so each keeps its source's edge whitespace. */
function keepEdges(source: string, text: string): string {
  const lead = /^\s*/.exec(source)?.[0] ?? '';
  const trail = /\s*$/.exec(source)?.[0] ?? '';
  return lead + text.trim() + trail;
}
