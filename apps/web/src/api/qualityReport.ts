import type { TranslationReport } from '@booktranslate/contract';
import { qaFindingWords as words } from '@booktranslate/contract/qa-finding-words';
import type { QualityReport } from './types';

/**
 * GET /translations/{id}/report/ as the dialog shows it: the summary and readable findings, each
 * read from the contract's typed report and worded as the reader's flags word it (the contract's
 * qa-finding-words.ts), with the passage in front.
 */
export function toQualityReport(report: TranslationReport): QualityReport {
  const where = (r: { chapter: string; block_id: string }) => `${r.chapter || 'passage'} (${r.block_id})`;
  const findings = [
    {
      kind: 'Untranslated passages',
      items: report.untranslated.map((u) => `${where(u)}: ${words.untranslated(u)}`),
    },
    {
      kind: 'Glossary not followed',
      items: report.glossary.violations.map((v) => `${words.glossary(v)} (${v.block_id})`),
    },
    {
      kind: 'Names rendered more than one way',
      items: report.inconsistent_names.map(
        (n) => `${n.term}: ${n.renderings.map((r) => `“${r.text}” ×${r.blocks}`).join(', ')}`,
      ),
    },
    {
      kind: 'Leftover commentary or markup',
      items: report.chatter.map((c) => `${where(c)}: ${words.chatter(c)}`),
    },
    {
      kind: 'Unusual length',
      items: report.length_outliers.map((o) => `${where(o)}: ${words.length(o)}`),
    },
    {
      kind: 'Reported by the retry ladder',
      items: report.reported.map((r) => `${where(r)}: ${words.reported(r)}`),
    },
    {
      kind: 'Repaired after a rejected reply',
      items: report.repaired.map((r) => `${r.block_id}: ${words.repaired(r)}`),
    },
  ].filter((f) => f.items.length > 0);
  return {
    summary: report.summary,
    blocksTotal: report.blocks_total,
    blocksTranslated: report.blocks_translated,
    findings,
  };
}
