import type { BookBrief } from '@booktranslate/translator';
import type { Executor } from '../../db/database';
import { memoryRepository } from './memory.repository';
import { type MemoryScope, memoryKey } from './memory-key';

/** A passage to look up: its id in the caller's plan, its source text, and whether it is a whole block. */
export interface MemoryQuery {
  id: string;
  text: string;
  /** False for a part of an oversized block: the user's edits are of whole blocks only. */
  whole: boolean;
}

/** A passage the memory holds: the user's own edit, or an earlier translation by the same engine. */
export interface MemoryFound {
  text: string;
  origin: 'memory' | 'edit';
}

/**
 * Finds these passages in the user's translation memory, in batched lookups by the indexed text
 * hash: the user's edit first, else the engine's text, each only under the same glossary renderings.
 * @example const found = await lookUpMemory(db, userId, [{ id: 'c1.b3', text, whole: true }], scope, brief)
 */
export async function lookUpMemory(
  db: Executor,
  userId: string,
  queries: MemoryQuery[],
  scope: MemoryScope,
  brief: BookBrief | undefined,
): Promise<Map<string, MemoryFound>> {
  const keys = queries.map((q) => ({ query: q, key: memoryKey(q.text, scope, brief) }));
  const hits = await memoryRepository.find(
    db,
    userId,
    keys.flatMap(({ query, key }) => (query.whole ? [key.engineHash, key.editHash] : [key.engineHash])),
  );
  const byKey = new Map(hits.map((h) => [`${h.textHash}\u0000${h.termsHash}`, h.text]));
  const found = new Map<string, MemoryFound>();
  for (const { query, key } of keys) {
    const edit = query.whole ? byKey.get(`${key.editHash}\u0000${key.termsHash}`) : undefined;
    const engine = byKey.get(`${key.engineHash}\u0000${key.termsHash}`);
    if (edit !== undefined) found.set(query.id, { text: edit, origin: 'edit' });
    else if (engine !== undefined) found.set(query.id, { text: engine, origin: 'memory' });
  }
  return found;
}
