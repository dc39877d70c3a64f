import { capitalised, type PassageFlag, qaFindingWords as words } from '@booktranslate/contract';
import type { QaReport } from '@booktranslate/translator';

/**
 * The QA report's findings per block, as the reader's flags with one readable sentence each: the
 * contract's wording (qa-finding-words.ts), the one the report in the translation dialog uses.
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
  const say = (blockId: string, reason: PassageFlag['reason'], sentence: string) =>
    add(blockId, { reason, message: capitalised(sentence) });
  for (const u of report.untranslated ?? [])
    say(
      u.block_id,
      u.reason === 'source_language' ? 'source_language' : 'untranslated',
      words.untranslated(u),
    );
  for (const v of report.glossary?.violations ?? []) say(v.block_id, 'glossary', words.glossary(v));
  for (const o of report.length_outliers ?? []) say(o.block_id, 'length', words.length(o));
  for (const c of report.chatter ?? []) say(c.block_id, 'chatter', words.chatter(c));
  for (const r of report.reported ?? []) say(r.block_id, 'reported', words.reported(r));
  for (const r of report.repaired ?? []) say(r.block_id, 'repaired', words.repaired(r));
  // The report's own findings about words: flagged in the reader too, so a finding's link opens a
  // flagged passage and the reader's count agrees with the report.
  for (const s of report.source_words ?? []) say(s.block_id, 'source_language', words.sourceWords(s));
  for (const m of report.missing_script ?? []) say(m.block_id, 'source_language', words.script(m));
  return flags;
}
