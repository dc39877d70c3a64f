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

/**
 * The findings of GET /translations/{id}/report/ as the dialog lists them: readable findings, each
 * read from the contract's typed report and worded as the reader's flags word it (the contract's
 * qa-finding-words.ts), with the passage it is about (its chapter, a link into the reader) in front,
 * in book order.
 */
export function qualityFindings(report: TranslationReport): QualityFindings[] {
  const at = (r: { block_id: string; chapter?: string }, text: string): QualityFinding => ({
    place: r.chapter || 'A passage',
    blockId: r.block_id,
    text,
  });
  const findings: QualityFindings[] = [
    {
      kind: 'Untranslated passages',
      items: report.untranslated.map((u) => at(u, words.untranslated(u))),
    },
    {
      kind: 'Words left in the source language',
      items: report.source_words.map((s) => at(s, words.sourceWords(s))),
    },
    {
      kind: 'Not in the target language’s script',
      items: report.missing_script.map((m) => at(m, words.script(m))),
    },
    {
      kind: 'Glossary not followed',
      items: report.glossary.violations.map((v) => at(v, words.glossary(v))),
    },
    {
      kind: 'Names rendered more than one way',
      items: report.inconsistent_names.map((n) => ({
        place: n.term,
        text: n.renderings.map((r) => `“${r.text}” ×${r.blocks}`).join(', '),
      })),
    },
    {
      kind: 'Leftover commentary or markup',
      items: report.chatter.map((c) => at(c, words.chatter(c))),
    },
    {
      kind: 'Unusual length',
      items: report.length_outliers.map((o) => at(o, words.length(o))),
    },
    {
      kind: 'Reported by the retry ladder',
      items: report.reported.map((r) => at(r, words.reported(r))),
    },
    {
      kind: 'Repaired after a rejected reply',
      items: report.repaired.map((r) => at(r, words.repaired(r))),
    },
  ];
  return findings
    .filter((f) => f.items.length > 0)
    .map((f) => ({ ...f, items: f.items.every((i) => i.blockId) ? [...f.items].sort(byBlock) : f.items }));
}
