import type { GlossaryEntry } from '../brief';

/**
 * Merges glossaries by source term, the first list that has a term winning: pass the user's own
 * entries first, then the analysis brief's, then the whole-book terms. Counts are kept from any list.
 * @example mergeGlossaries(userEntries, briefEntries, termEntries)
 */
export function mergeGlossaries(...lists: Array<GlossaryEntry[] | undefined>): GlossaryEntry[] {
  const merged = new Map<string, GlossaryEntry>();
  for (const list of lists) {
    for (const entry of list ?? []) {
      const known = merged.get(entry.source);
      if (!known) merged.set(entry.source, { ...entry });
      else if (known.count === undefined && entry.count !== undefined) known.count = entry.count;
    }
  }
  return [...merged.values()];
}
