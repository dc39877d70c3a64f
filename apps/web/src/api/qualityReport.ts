import type { RouteOutput, routes } from '@booktranslate/contract';
import type { QualityReport } from './types';

type Raw = Record<string, unknown>;
const list = (raw: Raw, key: string): Raw[] => (Array.isArray(raw[key]) ? (raw[key] as Raw[]) : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : String(value ?? ''));

/** GET /translations/{id}/report/ as the dialog shows it: the summary and readable findings. */
export function toQualityReport(
  report: RouteOutput<typeof routes.translations.getTranslationReport>,
): QualityReport {
  const raw: Raw = report;
  const glossary = (raw.glossary ?? {}) as Raw;
  const where = (r: Raw) => `${text(r.chapter) || 'passage'} (${text(r.block_id)})`;
  const findings = [
    {
      kind: 'Untranslated passages',
      items: list(raw, 'untranslated').map((u) => `${where(u)}: ${reasonLabel(text(u.reason))}`),
    },
    {
      kind: 'Glossary not followed',
      items: list(glossary, 'violations').map(
        (v) =>
          `“${text(v.term)}” should be “${text(v.expected)}”${v.found ? `, found “${text(v.found)}”` : ''} (${text(v.block_id)})`,
      ),
    },
    {
      kind: 'Names rendered more than one way',
      items: list(raw, 'inconsistent_names').map(
        (n) =>
          `${text(n.term)}: ${list(n, 'renderings')
            .map((r) => `“${text(r.text)}” ×${text(r.blocks)}`)
            .join(', ')}`,
      ),
    },
    {
      kind: 'Leftover commentary or markup',
      items: list(raw, 'chatter').map((c) => `${where(c)}: “${text(c.found)}”`),
    },
    {
      kind: 'Unusual length',
      items: list(raw, 'length_outliers').map(
        (o) => `${where(o)}: ${text(o.ratio)}× the source (usual ${text(o.usual)}×)`,
      ),
    },
    {
      kind: 'Reported by the retry ladder',
      items: list(raw, 'reported').map((r) => `${where(r)}: ${text(r.message)}`),
    },
    {
      kind: 'Repaired after a rejected reply',
      items: list(raw, 'repaired').map((r) => `${text(r.block_id)}: ${text(r.problem)}; ${text(r.repair)}`),
    },
  ].filter((f) => f.items.length > 0);
  return {
    summary: text(raw.summary),
    blocksTotal: Number(raw.blocks_total ?? 0),
    blocksTranslated: Number(raw.blocks_translated ?? 0),
    findings,
  };
}

function reasonLabel(reason: string): string {
  if (reason === 'identical') return 'left as the source';
  if (reason === 'source_language') return 'still in the source language';
  return 'not translated';
}
