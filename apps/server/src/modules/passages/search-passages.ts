import {
  PASSAGE_SEARCH_LIMIT,
  type PassageFilter,
  type PassageFound,
  type PassageSearchResponse,
} from '@booktranslate/contract';
import { plainText } from '@booktranslate/ebook';
import { passageEditsRepository as edits, qaReportRepository as reports } from '../translations';
import { openReader } from './open-reader';
import { flagsByBlock } from './passage-flags';
import { type Target, targetsOf } from './passage-view';
import type { PassagesDeps } from './passages-deps';

/** The form two texts are compared in: one Unicode form, any case. */
const folded = (text: string) => text.normalize('NFC').toLocaleLowerCase('und');

/** What a passage is, for the filters: the same rules as the chapter's rows (passage-view.ts). */
function standing(target: Target | undefined, flagged: boolean) {
  return {
    untranslated: target === undefined,
    // An edit or a re-translation replaced what the report flagged.
    flagged: flagged && !target?.layer,
    edited: target?.layer === 'edit' || target?.layer === 'retranslation',
  } satisfies Record<PassageFilter, boolean>;
}

/**
 * GET /translations/{id}/passages/search/?q=&show=: the passages of the whole book holding `q` in
 * the original or the translation shown (the owner's edit over the engine's text), any case,
 * narrowed by a filter; the first 100 in reading order, the total, and each filter's count.
 */
export async function searchPassages(
  deps: PassagesDeps,
  userId: string,
  id: string,
  query: { q?: string | undefined; show?: PassageFilter | undefined },
): Promise<PassageSearchResponse> {
  const reader = await openReader(deps, userId, id);
  const { t, book } = reader;
  const flags = flagsByBlock(await reports.find(deps.db, t.id));
  const ownEdits = await edits.layers(deps.db, t.id);
  const targets = await targetsOf(deps.db, reader, book.blocks, ownEdits);
  const q = query.q ? folded(query.q) : '';
  const show = query.show ?? null;
  const counts = { untranslated: 0, flagged: 0, edited: 0 };
  const results: PassageFound[] = [];
  let total = 0;
  for (const block of book.blocks) {
    const target = targets.get(block.id);
    const is = standing(target, flags.has(block.id));
    for (const filter of Object.keys(counts) as PassageFilter[]) if (is[filter]) counts[filter] += 1;
    if (!q && !show) continue;
    if (show && !is[show]) continue;
    const source = plainText(block.text);
    const translated = target ? plainText(target.text) : null;
    if (q && !folded(source).includes(q) && !(translated && folded(translated).includes(q))) continue;
    total += 1;
    if (results.length >= PASSAGE_SEARCH_LIMIT) continue;
    results.push({
      block_id: block.id,
      chapter: block.chapter,
      chapter_title: book.chapters[block.chapter]?.title ?? '',
      source_text: excerpt(source, q),
      target_text: translated === null ? null : excerpt(translated, q),
      flagged: is.flagged,
      edited: target?.layer === 'edit',
      retranslated: target?.layer === 'retranslation',
      beyond_preview: !reader.covered.has(block.id),
    });
  }
  return { q: query.q || null, show, total, results, counts };
}

/** The longest text a result carries of one side; a longer passage is cut around the words found. */
export const EXCERPT_CHARS = 600;

/**
 * `text` whole when short, else the part around the first match of `q` (or the start), with
 * ellipses where it was cut.
 * @example excerpt('a'.repeat(1000) + 'needle', 'needle').endsWith('needle') // true
 */
export function excerpt(text: string, q: string): string {
  if (text.length <= EXCERPT_CHARS) return text;
  const at = q ? Math.max(0, folded(text).indexOf(q)) : 0;
  const start = Math.max(0, Math.min(at - EXCERPT_CHARS / 3, text.length - EXCERPT_CHARS));
  const from = Math.floor(start);
  const cut = text.slice(from, from + EXCERPT_CHARS);
  return `${from > 0 ? '…' : ''}${cut}${from + EXCERPT_CHARS < text.length ? '…' : ''}`;
}
