import type { GlossaryEntry } from '../brief';
import { mentionsEntry } from '../build-prompt';
import { rendersTerm } from '../check-reply';
import { guessRendering } from './guess-rendering';
import type { QaReport } from './qa-report';

export interface QaBlock {
  blockId: string;
  chapterId: string;
  source: string;
  /** Undefined when the block was not translated. */
  target?: string;
}

/** A glossary entry a block's source mentions: its index, and what the translation wrote instead. */
export interface GlossaryHit {
  index: number;
  rendered: boolean;
  /** When not rendered: the word most like the agreed rendering, or null. */
  guess: string | null;
}

/**
 * The glossary entries one translated block mentions, and whether each is rendered as agreed: the
 * per-block part of glossaryCompliance, which a caller may work out as each chunk returns.
 * @example glossaryHits('Mara ran.', 'araM corrió.', [{ source: 'Mara', target: 'araM', kind: 'character' }])
 */
export function glossaryHits(source: string, target: string, glossary: GlossaryEntry[]): GlossaryHit[] {
  const hits: GlossaryHit[] = [];
  glossary.forEach((entry, index) => {
    if (!mentionsEntry(source, entry)) return;
    const rendered = rendersTerm(target, entry.target);
    hits.push({ index, rendered, guess: rendered ? null : guessRendering(target, entry.target) });
  });
  return hits;
}

/**
 * Glossary compliance over translated blocks: for every term, the blocks where its source occurs and
 * whether the agreed rendering is used there; each miss is a violation with what was written instead.
 * Names (characters, places) with a violation whose replacement recurs are inconsistent renderings.
 * `hitsOf` gives a block's hits when they were worked out earlier (glossaryHits of the same texts).
 */
export function glossaryCompliance(
  blocks: QaBlock[],
  glossary: GlossaryEntry[],
  untranslated: Set<string> = new Set(),
  hitsOf: (block: QaBlock & { target: string }) => GlossaryHit[] = (block) =>
    glossaryHits(block.source, block.target, glossary),
): Pick<QaReport, 'glossary' | 'inconsistent_names'> {
  const tally = glossary.map(() => ({ occurs: 0, compliant: 0, found: new Map<string, number>() }));
  const misses: Array<{ index: number; block_id: string; found: string | null }> = [];
  for (const block of blocks) {
    // An untranslated block is reported as such, not once more per term in it.
    if (block.target === undefined || untranslated.has(block.blockId)) continue;
    for (const hit of hitsOf({ ...block, target: block.target })) {
      const entry = tally[hit.index];
      if (!entry) continue;
      entry.occurs++;
      if (hit.rendered) {
        entry.compliant++;
        continue;
      }
      misses.push({ index: hit.index, block_id: block.blockId, found: hit.guess });
      if (hit.guess) entry.found.set(hit.guess, (entry.found.get(hit.guess) ?? 0) + 1);
    }
  }
  const terms: QaReport['glossary']['terms'] = [];
  const inconsistent: QaReport['inconsistent_names'] = [];
  glossary.forEach((entry, index) => {
    const { occurs, compliant, found } = tally[index] as (typeof tally)[number];
    if (occurs === 0) return;
    terms.push({ term: entry.source, expected: entry.target, blocks: occurs, compliant });
    if (entry.kind !== 'term' && found.size > 0) {
      const renderings = [...found].map(([text, n]) => ({ text, blocks: n }));
      if (compliant > 0) renderings.unshift({ text: entry.target, blocks: compliant });
      if (renderings.length > 1) inconsistent.push({ term: entry.source, renderings });
    }
  });
  // By term, then by block, as before: the report sorts them into book order.
  const violations: QaReport['glossary']['violations'] = [...misses]
    .sort((a, b) => a.index - b.index)
    .map((m) => {
      const entry = glossary[m.index] as GlossaryEntry;
      return { term: entry.source, block_id: m.block_id, expected: entry.target, found: m.found };
    });
  return { glossary: { terms, violations }, inconsistent_names: inconsistent };
}
