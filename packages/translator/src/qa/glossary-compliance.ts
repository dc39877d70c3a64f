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

/**
 * Glossary compliance over translated blocks: for every term, the blocks where its source occurs and
 * whether the agreed rendering is used there; each miss is a violation with what was written instead.
 * Names (characters, places) with a violation whose replacement recurs are inconsistent renderings.
 */
export function glossaryCompliance(
  blocks: QaBlock[],
  glossary: GlossaryEntry[],
  untranslated: Set<string> = new Set(),
): Pick<QaReport, 'glossary' | 'inconsistent_names'> {
  const terms: QaReport['glossary']['terms'] = [];
  const violations: QaReport['glossary']['violations'] = [];
  const inconsistent: QaReport['inconsistent_names'] = [];
  for (const entry of glossary) {
    let occurs = 0;
    let compliant = 0;
    const found = new Map<string, number>();
    for (const block of blocks) {
      // An untranslated block is reported as such, not once more per term in it.
      if (block.target === undefined || untranslated.has(block.blockId)) continue;
      if (!mentionsEntry(block.source, entry)) continue;
      occurs++;
      if (rendersTerm(block.target, entry.target)) {
        compliant++;
        continue;
      }
      const guess = guessRendering(block.target, entry.target);
      violations.push({ term: entry.source, block_id: block.blockId, expected: entry.target, found: guess });
      if (guess) found.set(guess, (found.get(guess) ?? 0) + 1);
    }
    if (occurs === 0) continue;
    terms.push({ term: entry.source, expected: entry.target, blocks: occurs, compliant });
    if (entry.kind !== 'term' && found.size > 0) {
      const renderings = [...found].map(([text, n]) => ({ text, blocks: n }));
      if (compliant > 0) renderings.unshift({ text: entry.target, blocks: compliant });
      if (renderings.length > 1) inconsistent.push({ term: entry.source, renderings });
    }
  }
  return { glossary: { terms, violations }, inconsistent_names: inconsistent };
}
