import type { PassageFlag } from '@booktranslate/contract';
import type { QaReport } from '@booktranslate/translator';

/**
 * The QA report's findings per block, as the reader's flags with one readable sentence each.
 * @example flagsByBlock(report).get('c1.b3') // [{ reason: 'glossary', message: '“Mara” should be “araM”, found “raaM”' }]
 */
export function flagsByBlock(report: QaReport | null): Map<string, PassageFlag[]> {
  const flags = new Map<string, PassageFlag[]>();
  if (!report) return flags;
  const add = (blockId: string, flag: PassageFlag) => {
    const list = flags.get(blockId) ?? [];
    if (!list.some((f) => f.reason === flag.reason && f.message === flag.message)) list.push(flag);
    flags.set(blockId, list);
  };
  for (const u of report.untranslated ?? []) {
    if (u.reason === 'source_language')
      add(u.block_id, { reason: 'source_language', message: 'Still reads as the original language' });
    else if (u.reason === 'identical')
      add(u.block_id, { reason: 'untranslated', message: 'Left exactly as in the original' });
    else add(u.block_id, { reason: 'untranslated', message: 'Not translated' });
  }
  for (const v of report.glossary?.violations ?? []) {
    const found = v.found ? `, found “${v.found}”` : '';
    add(v.block_id, { reason: 'glossary', message: `“${v.term}” should be “${v.expected}”${found}` });
  }
  for (const o of report.length_outliers ?? []) {
    const message = `${o.ratio < o.usual ? 'Much shorter' : 'Much longer'} than the original, for this book (×${round(o.ratio)} against ×${round(o.usual)} usually)`;
    add(o.block_id, { reason: 'length', message });
  }
  for (const c of report.chatter ?? [])
    add(c.block_id, { reason: 'chatter', message: `Has text the original lacks: “${c.found}”` });
  for (const r of report.reported ?? [])
    add(r.block_id, { reason: 'reported', message: `The engine failed on it at first: ${r.message}` });
  for (const r of report.repaired ?? [])
    add(r.block_id, { reason: 'repaired', message: `A reply was rejected (${r.problem}); ${r.repair}` });
  return flags;
}

function round(n: number): string {
  return n.toFixed(2).replace(/\.?0+$/, '');
}
