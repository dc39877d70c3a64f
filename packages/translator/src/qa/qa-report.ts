/**
 * The quality report of one translation (issue 12), as JSON with the field names the API and the CLI
 * share. Per block findings name the block id and its chapter; `summary` is one line for people.
 */
export interface QaReport {
  blocks_total: number;
  blocks_translated: number;
  /** Blocks left in the source: identical to it, still in its language, or never translated. */
  untranslated: Array<{ block_id: string; chapter: string; reason: UntranslatedReason }>;
  glossary: {
    /** Each glossary term that occurs in the book: blocks it occurs in and blocks using its rendering. */
    terms: Array<{ term: string; expected: string; blocks: number; compliant: number }>;
    violations: Array<{
      term: string;
      block_id: string;
      chapter?: string;
      expected: string;
      found: string | null;
    }>;
  };
  /** Names rendered more than one way, each rendering with the blocks it appears in. */
  inconsistent_names: Array<{ term: string; renderings: Array<{ text: string; blocks: number }> }>;
  /** Blocks whose length against the source is far from the book's usual ratio. */
  length_outliers: Array<{ block_id: string; chapter: string; ratio: number; usual: number }>;
  /** Replies rejected by the checks and how the block was repaired. */
  repaired: Array<{ block_id: string; problem: string; repair: string }>;
  /** Commentary or markup left in the translated text. */
  chatter: Array<{ block_id: string; chapter: string; found: string }>;
  /** Blocks the retry ladder had to report as failed at some attempt. */
  reported: Array<{ block_id: string; chapter: string; message: string }>;
  /**
   * Source-language words left inside translated blocks: those the engine marked as unknown
   * (Apertium) and words of the source found again in the translation that read as the source
   * language; at most a few per block (decision 235).
   */
  source_words: Array<{ block_id: string; chapter: string; words: string[] }>;
  /** Translated blocks of some length without one character of the target language's script. */
  missing_script: Array<{ block_id: string; chapter: string; script: string }>;
  /** Checks that could not judge this translation (no detector for the pair, the demo engine). */
  unchecked: Array<'source_language' | 'source_words'>;
  /** Flagged blocks translated once more with the finding stated, and whether that fixed it. */
  refined: Array<{ block_id: string; finding: string; fixed: boolean }>;
  /** What the provider was paid for (the CLI knows it; the server keeps its own counters). */
  usage?: { requests: number; input_tokens: number; output_tokens: number; reasoning_tokens: number };
  summary: string;
}

export type UntranslatedReason = 'identical' | 'source_language' | 'missing';

/** What happened to a block on its way through the reply checks and the ladder. */
export interface BlockNote {
  blockId: string;
  /** 'unknown_words': words the engine marked as unknown and left as they were (`problem` lists them). */
  kind: 'repaired' | 'reported' | 'unknown_words';
  problem: string;
  repair: string;
}

/**
 * The report without the findings on one block: what it said judged a text that a re-translation
 * has since replaced. Counts and the summary stay those of the run the report describes.
 * @example withoutFindingsOf(report, 'c1.b4').untranslated.some((u) => u.block_id === 'c1.b4') // false
 */
export function withoutFindingsOf(report: QaReport, blockId: string): QaReport {
  const other = <T extends { block_id: string }>(list: T[]) => list.filter((f) => f.block_id !== blockId);
  return {
    ...report,
    untranslated: other(report.untranslated),
    glossary: { ...report.glossary, violations: other(report.glossary.violations) },
    length_outliers: other(report.length_outliers),
    repaired: other(report.repaired),
    chatter: other(report.chatter),
    reported: other(report.reported),
    refined: other(report.refined),
    source_words: other(report.source_words ?? []),
    missing_script: other(report.missing_script ?? []),
  };
}
