import type { BookBrief } from '@booktranslate/translator';
import type { Executor } from '../../db/database';
import { memoryRepository } from './memory.repository';
import { type MemoryScope, memoryKeyer, scopedHashes, sourceDigest } from './memory-key';

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
  // A user with no memory yet (most first books) costs one indexed probe, not a key per passage.
  if (queries.length === 0 || !(await memoryRepository.hasAny(db, userId))) return new Map();
  const keyOf = memoryKeyer(scope, brief);
  const keys = queries.map((q) => ({ query: q, ...keyOf(q.text) }));
  const hits = await memoryRepository.find(
    db,
    userId,
    keys.flatMap(({ query, key }) => (query.whole ? [key.engineHash, key.editHash] : [key.engineHash])),
  );
  const byHash = new Map<string, { termsHash: string; text: string }[]>();
  for (const hit of hits) byHash.set(hit.textHash, [...(byHash.get(hit.textHash) ?? []), hit]);
  const found = new Map<string, MemoryFound>();
  for (const { query, key, used } of keys) {
    const edit = query.whole ? pick(byHash.get(key.editHash), key.termsHash, used) : undefined;
    const engine = pick(byHash.get(key.engineHash), key.termsHash, used);
    if (edit !== undefined) found.set(query.id, { text: edit, origin: 'edit' });
    else if (engine !== undefined) found.set(query.id, { text: engine, origin: 'memory' });
  }
  return found;
}

/**
 * Which of these passages the user's memory holds by their text alone, whatever glossary they were
 * translated with: what a quote counts, and what a new run plans apart before its glossary is
 * known (the chunk's lookup then checks the renderings). One batched lookup by the indexed hash.
 * @example await rememberedTexts(db, userId, [{ id: 'c1.b3', text }], scope) // Set { 'c1.b3' }
 */
export async function rememberedTexts(
  db: Executor,
  userId: string,
  passages: { id: string; text: string }[],
  scope: MemoryScope,
): Promise<Set<string>> {
  if (passages.length === 0 || !(await memoryRepository.hasAny(db, userId))) return new Set();
  const hashes = passages.map((p) => scopedHashes(sourceDigest(p.text), scope));
  const hits = await memoryRepository.find(
    db,
    userId,
    hashes.flatMap((h) => [h.engineHash, h.editHash]),
  );
  const known = new Set(hits.map((hit) => hit.textHash));
  return new Set(
    passages
      .filter((_, i) => known.has(hashes[i]!.engineHash) || known.has(hashes[i]!.editHash))
      .map((p) => p.id),
  );
}

/**
 * The remembered text translated with the same glossary renderings; else one made under another
 * glossary that already writes every rendering the passage's terms now have (an entry the new
 * glossary added, rendered as the earlier text did). A term whose rendering changed is never in it.
 */
function pick(
  candidates: { termsHash: string; text: string }[] | undefined,
  termsHash: string,
  used: { target: string }[],
): string | undefined {
  if (!candidates) return undefined;
  const exact = candidates.find((c) => c.termsHash === termsHash);
  if (exact) return exact.text;
  return candidates.find((c) => used.every((entry) => c.text.includes(entry.target)))?.text;
}
