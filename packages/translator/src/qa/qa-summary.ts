import type { QaReport } from './qa-report';

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * The report's one line: "2,541 of 2,567 passages translated; 3 glossary terms used inconsistently".
 * @example qaSummary(report) // '12 of 12 passages translated; no problems found'
 */
export function qaSummary(report: Omit<QaReport, 'summary'>): string {
  const parts = [`${count(report.blocks_translated)} of ${count(report.blocks_total)} passages translated`];
  const terms = new Set(report.glossary.violations.map((v) => v.term)).size;
  if (terms) parts.push(`${plural(terms, 'glossary term', 'glossary terms')} used inconsistently`);
  const names = report.inconsistent_names.length;
  if (names) parts.push(`${plural(names, 'name', 'names')} rendered more than one way`);
  if (report.chatter.length)
    parts.push(`${plural(report.chatter.length, 'passage', 'passages')} with leftover commentary or markup`);
  if (report.length_outliers.length)
    parts.push(`${plural(report.length_outliers.length, 'passage', 'passages')} of unusual length`);
  const left = report.source_words?.length ?? 0;
  if (left) parts.push(`${plural(left, 'passage', 'passages')} with words left in the source language`);
  const script = report.missing_script?.length ?? 0;
  if (script) parts.push(`${plural(script, 'passage', 'passages')} without the target language's script`);
  if (report.reported.length)
    parts.push(`${plural(report.reported.length, 'passage', 'passages')} reported by the retry ladder`);
  if (parts.length === 1 && report.blocks_translated === report.blocks_total) parts.push('no problems found');
  if (report.repaired.length)
    parts.push(`${plural(report.repaired.length, 'passage', 'passages')} repaired after a rejected reply`);
  return parts.join('; ');
}
