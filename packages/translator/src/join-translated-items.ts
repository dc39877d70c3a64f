import type { ChunkResult } from './chunk-result';

/**
 * Puts block parts back together: a block is complete when all its parts are translated.
 * @example joinTranslatedItems(results).complete.get('c1.b3') // 'Había una vez…'
 */
export function joinTranslatedItems(results: ChunkResult[]): {
  complete: Map<string, string>;
  partial: Set<string>;
} {
  const parts = new Map<string, string[]>();
  const complete = new Map<string, string>();
  for (const item of results.flatMap((r) => r.items)) {
    if (!item.part) {
      complete.set(item.blockId, item.text);
      continue;
    }
    const list = parts.get(item.blockId) ?? new Array<string>(item.part.count);
    list[item.part.index] = item.text;
    parts.set(item.blockId, list);
  }
  const partial = new Set<string>();
  for (const [blockId, list] of parts) {
    if (list.every((text) => text !== undefined) && list.length > 0) complete.set(blockId, list.join(''));
    else partial.add(blockId);
  }
  return { complete, partial };
}
