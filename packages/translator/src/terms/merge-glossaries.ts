import { type GlossaryEntry, termsOf } from '../brief';

const MAX_FORMS = 20;

/**
 * Merges glossaries by term, the first list that has a term winning: pass the user's own entries
 * first, then the analysis brief's, then the whole-book terms. An entry whose source or one of whose
 * forms is already known (the brief's "Атоса" and the terms' "Атос" with its forms) is the same
 * entry: its forms join the known one's. Counts are kept from any list.
 * @example mergeGlossaries(userEntries, briefEntries, termEntries)
 */
export function mergeGlossaries(...lists: Array<GlossaryEntry[] | undefined>): GlossaryEntry[] {
  const merged: GlossaryEntry[] = [];
  const byTerm = new Map<string, GlossaryEntry>();
  for (const list of lists) {
    for (const entry of list ?? []) {
      const known = termsOf(entry)
        .map((term) => byTerm.get(term))
        .find(Boolean);
      if (!known) {
        const added = { ...entry };
        merged.push(added);
        for (const term of termsOf(added)) byTerm.set(term, added);
        continue;
      }
      if (known.count === undefined && entry.count !== undefined) known.count = entry.count;
      const forms = termsOf(entry).filter((term) => term !== known.source && !known.forms?.includes(term));
      if (forms.length) known.forms = [...(known.forms ?? []), ...forms].slice(0, MAX_FORMS);
      for (const term of termsOf(known)) if (!byTerm.has(term)) byTerm.set(term, known);
    }
  }
  return merged;
}
