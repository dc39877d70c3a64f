import type { GlossaryEntry } from '../brief';

/**
 * Reads the terms reply leniently: `{"Mara": {"target": "Mara", "kind": "character"}}` or
 * `{"Mara": "Mara"}`; terms that were not asked for, or have no rendering, are dropped.
 */
export function parseTermsReply(value: unknown, asked: Set<string>): GlossaryEntry[] {
  if (typeof value !== 'object' || value === null) return [];
  const entries: GlossaryEntry[] = [];
  for (const [term, raw] of Object.entries(value)) {
    if (!asked.has(term)) continue;
    const item = (typeof raw === 'object' && raw !== null ? raw : { target: raw }) as Record<string, unknown>;
    const target = typeof item.target === 'string' ? item.target.trim() : '';
    if (!target) continue;
    const kind = item.kind === 'character' || item.kind === 'place' ? item.kind : 'term';
    entries.push({ source: term, target, kind });
  }
  return entries;
}
