import type { TranslationReport } from '@booktranslate/contract';
import { qaFindingWords as words } from '@booktranslate/contract/qa-finding-words';

/** One finding: where (a chapter's title, or a name), the passage it links to, and what was found. */
export interface QualityFinding {
  place: string;
  blockId?: string;
  text: string;
}

/** The findings of one kind, under the kind's heading. */
export interface QualityFindings {
  kind: string;
  items: QualityFinding[];
}

/** Block ids (`c3.b56`) in book order: chapter, then block, by their numbers. */
const byBlock = (a: QualityFinding, b: QualityFinding) =>
  (a.blockId ?? '').localeCompare(b.blockId ?? '', 'en', { numeric: true });

/** Findings of one kind about single passages: each placed at its chapter and linked to its block. */
function passages<T extends { block_id: string; chapter?: string }>(
  kind: string,
  rows: T[],
  word: (row: T) => string,
): QualityFindings {
  return {
    kind,
    items: rows.map((r) => ({ place: r.chapter || 'A passage', blockId: r.block_id, text: word(r) })),
  };
}

/**
 * The findings of GET /translations/{id}/report/ as the dialog lists them: readable findings, each
 * read from the contract's typed report and worded as the reader's flags word it (the contract's
 * qa-finding-words.ts), with the passage it is about (its chapter, a link into the reader) in front,
 * in book order.
 */
export function qualityFindings(report: TranslationReport): QualityFindings[] {
  const findings: QualityFindings[] = [
    passages('Untranslated passages', report.untranslated, words.untranslated),
    passages('Words left in the source language', report.source_words, words.sourceWords),
    passages('Not in the target language’s script', report.missing_script, words.script),
    passages('Glossary not followed', report.glossary.violations, words.glossary),
    {
      kind: 'Names rendered more than one way',
      items: report.inconsistent_names.map((n) => ({
        place: n.term,
        text: n.renderings.map((r) => `“${r.text}” ×${r.blocks}`).join(', '),
      })),
    },
    passages('Leftover commentary or markup', report.chatter, words.chatter),
    passages('Unusual length', report.length_outliers, words.length),
    passages('Reported by the retry ladder', report.reported, words.reported),
    passages('Repaired after a rejected reply', report.repaired, words.repaired),
  ];
  return findings
    .filter((f) => f.items.length > 0)
    .map((f) => ({ ...f, items: f.items.every((i) => i.blockId) ? [...f.items].sort(byBlock) : f.items }));
}
