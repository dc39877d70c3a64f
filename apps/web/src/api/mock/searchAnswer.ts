import type { Passage, PassageFilter, PassageSearchResponse, PassageSpan } from '@booktranslate/contract';
import { PASSAGE_SEARCH_LIMIT, passageFilters } from '@booktranslate/contract/passage-filters';

/** A page of a fake book as the search reads it. */
export interface SearchPage {
  index: number;
  title: string;
  passages: readonly Passage[];
}

const textOf = (spans: readonly PassageSpan[]) =>
  spans.map((s) => (s.type === 'text' ? s.text : '')).join('');
const folded = (text: string) => text.normalize('NFC').toLocaleLowerCase('und');

/** What a passage is, for the filters (the server's rule in search-passages.ts). */
function standing(p: Passage): Record<PassageFilter, boolean> {
  return {
    untranslated: p.target === null,
    flagged: p.flags.length > 0,
    edited: p.edited || p.retranslated,
  };
}

/**
 * GET …/passages/search/?q=&show= answered from the fake book's pages, as the server answers it:
 * words in the original or the translation in any case, a filter, the first 100 in reading order,
 * the total and each filter's count. For mock mode and the web tests' API server.
 */
export function searchAnswer(
  pages: readonly SearchPage[],
  query: { q?: string | null; show?: string | null },
): PassageSearchResponse {
  const q = folded(query.q?.trim() ?? '');
  const show = passageFilters.find((f) => f === query.show) ?? null;
  const counts = { untranslated: 0, flagged: 0, edited: 0 };
  const results: PassageSearchResponse['results'] = [];
  let total = 0;
  for (const page of pages)
    for (const p of page.passages) {
      const is = standing(p);
      for (const f of Object.keys(counts) as PassageFilter[]) if (is[f]) counts[f] += 1;
      if ((!q && !show) || (show && !is[show])) continue;
      const source = textOf(p.source);
      const target = p.target && textOf(p.target);
      if (q && !folded(source).includes(q) && !(target && folded(target).includes(q))) continue;
      total += 1;
      if (results.length < PASSAGE_SEARCH_LIMIT)
        results.push({
          block_id: p.block_id,
          chapter: page.index,
          chapter_title: page.title,
          source_text: source,
          target_text: target,
          flagged: is.flagged,
          edited: p.edited,
          retranslated: p.retranslated,
          beyond_preview: p.beyond_preview,
        });
    }
  return { q: query.q?.trim() || null, show, total, results, counts };
}
