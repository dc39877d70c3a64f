import type { GlossaryEntry } from '../brief';
import { untranslatedReason } from './block-findings';
import { type GlossaryHit, glossaryHits, type QaBlock } from './glossary-compliance';

/**
 * The QA report's per-block work (language detection, glossary compliance), done for each chunk's
 * blocks as the chunk returns, while other chunks are still with the model: the report after the
 * last chunk then finds the answers ready and only adds them up (decision 292). Answers are kept
 * per text, so a block refined later is checked again.
 * @example const early = earlyQaChecks({ stillInSource, glossary }); early.checkNow(blocks); buildQaReport({ blocks, glossary, ...early.answers })
 */
export function earlyQaChecks(options: {
  stillInSource?: (text: string) => boolean;
  glossary?: GlossaryEntry[];
}) {
  const { stillInSource: check } = options;
  const glossary = options.glossary ?? [];
  // One entry per distinct text or block: at most the book's blocks and their refined versions.
  const languages = new Map<string, boolean>();
  const hits = new Map<string, { source: string; target: string; hits: GlossaryHit[] }>();
  const stillInSource = check
    ? (text: string): boolean => {
        let found = languages.get(text);
        if (found === undefined) {
          found = check(text);
          languages.set(text, found);
        }
        return found;
      }
    : undefined;
  const hitsOf = (block: QaBlock & { target: string }): GlossaryHit[] => {
    const known = hits.get(block.blockId);
    if (known && known.source === block.source && known.target === block.target) return known.hits;
    const found = glossaryHits(block.source, block.target, glossary);
    hits.set(block.blockId, { source: block.source, target: block.target, hits: found });
    return found;
  };
  return {
    /** What buildQaReport takes to use the answers found so far. */
    answers: { stillInSource, glossaryHits: hitsOf },
    /** Checks finished blocks now, as the report will later. */
    checkNow(blocks: Iterable<QaBlock & { target: string }>): void {
      for (const block of blocks) {
        untranslatedReason(block.source, block.target, stillInSource);
        if (glossary.length) hitsOf(block);
      }
    },
  };
}
