import type { GlossaryEntry } from '../brief';
import type { Usage } from '../usage';
import { leftoverChatter, median, untranslatedReason, visibleLength } from './block-findings';
import { type GlossaryHit, glossaryCompliance, type QaBlock } from './glossary-compliance';
import type { BlockNote, QaReport } from './qa-report';
import { qaSummary } from './qa-summary';
import { glossaryWords, leftSourceWords } from './source-words';
import { missingScript } from './target-script';

export interface QaInput {
  /** The blocks this translation covers (a word-limited trial: only the translated part). */
  blocks: QaBlock[];
  glossary?: GlossaryEntry[];
  /** Repairs and ladder reports recorded while translating. */
  notes?: BlockNote[];
  /** True when a text is still in the source language (sourceLanguageCheck); absent for the demo. */
  stillInSource?: (text: string) => boolean;
  /** True when a word shared by a block and its translation reads as the source (sourceWordCheck). */
  isSourceWord?: (word: string) => boolean;
  /** A block's glossary hits when worked out earlier (earlyQaChecks); glossaryHits otherwise. */
  glossaryHits?: (block: QaBlock & { target: string }) => GlossaryHit[];
  /** The target language: a script it is written in must appear in its translated blocks. */
  to?: string;
  refined?: QaReport['refined'];
  usage?: Usage;
}

/** Blocks shorter than this (visible characters) are not judged on length: a word may rightly double. */
const MIN_LENGTH = 60;
/** How far from the book's median ratio a block may be before it is an outlier (either way). */
const OUTLIER_FACTOR = 2.2;

/**
 * The QA report of a finished translation: per block findings and the book's figures (issue 12).
 * @example buildQaReport({ blocks: [{ blockId: 'b1', chapterId: 'c1', source: 'Hi', target: 'Hola' }] }).summary
 */
export function buildQaReport(input: QaInput): QaReport {
  const { blocks } = input;
  const untranslated: QaReport['untranslated'] = [];
  const chatter: QaReport['chatter'] = [];
  const ratios: Array<{ block: QaBlock; ratio: number }> = [];
  const notes = input.notes ?? [];
  const marked = unknownWords(notes);
  const keep = glossaryWords(input.glossary ?? []);
  const source_words: QaReport['source_words'] = [];
  const missing_script: QaReport['missing_script'] = [];
  for (const block of blocks) {
    const reason = untranslatedReason(block.source, block.target, input.stillInSource);
    if (reason) untranslated.push({ block_id: block.blockId, chapter: block.chapterId, reason });
    if (block.target === undefined) continue;
    const where = { block_id: block.blockId, chapter: block.chapterId };
    if (!reason) {
      const left = new Set(marked.get(block.blockId));
      if (input.isSourceWord)
        for (const w of leftSourceWords(block.source, block.target, input.isSourceWord, keep)) left.add(w);
      if (left.size) source_words.push({ ...where, words: [...left].slice(0, 5) });
      const script = input.to ? missingScript(input.to, block.target) : null;
      if (script) missing_script.push({ ...where, script });
    }
    const found = leftoverChatter(block.source, block.target);
    if (found) chatter.push({ block_id: block.blockId, chapter: block.chapterId, found });
    const length = visibleLength(block.source);
    if (!reason && length >= MIN_LENGTH) ratios.push({ block, ratio: visibleLength(block.target) / length });
  }
  const usual = median(ratios.map((r) => r.ratio));
  const length_outliers = ratios
    .filter((r) => r.ratio > usual * OUTLIER_FACTOR || r.ratio < usual / OUTLIER_FACTOR)
    .map((r) => ({
      block_id: r.block.blockId,
      chapter: r.block.chapterId,
      ratio: round(r.ratio),
      usual: round(usual),
    }));
  const chapters = new Map(blocks.map((b) => [b.blockId, b.chapterId]));
  const position = new Map(blocks.map((b, i) => [b.blockId, i]));
  const inOrder = <T extends { block_id: string }>(list: T[]) =>
    [...list].sort((a, b) => (position.get(a.block_id) ?? 0) - (position.get(b.block_id) ?? 0));
  const glossary = glossaryCompliance(
    blocks,
    input.glossary ?? [],
    new Set(untranslated.map((u) => u.block_id)),
    input.glossaryHits,
  );
  const report: Omit<QaReport, 'summary'> = {
    blocks_total: blocks.length,
    blocks_translated: blocks.length - untranslated.length,
    untranslated,
    glossary: {
      ...glossary.glossary,
      violations: inOrder(glossary.glossary.violations).map((v) => ({
        ...v,
        chapter: chapters.get(v.block_id) ?? '',
      })),
    },
    inconsistent_names: glossary.inconsistent_names,
    length_outliers,
    // Notes arrive as chunks finish, in no order: the report lists every finding in book order.
    repaired: inOrder(
      notes
        .filter((n) => n.kind === 'repaired')
        .map((n) => ({ block_id: n.blockId, problem: n.problem, repair: n.repair })),
    ),
    chatter,
    reported: inOrder(
      notes
        .filter((n) => n.kind === 'reported')
        .map((n) => ({ block_id: n.blockId, chapter: chapters.get(n.blockId) ?? '', message: n.problem })),
    ),
    refined: inOrder(input.refined ?? []),
    source_words,
    missing_script,
    unchecked: [
      ...(input.stillInSource ? [] : (['source_language'] as const)),
      ...(input.isSourceWord || marked.size ? [] : (['source_words'] as const)),
    ],
    ...(input.usage
      ? {
          usage: {
            requests: input.usage.requests,
            input_tokens: input.usage.inputTokens,
            output_tokens: input.usage.outputTokens,
            reasoning_tokens: input.usage.reasoningTokens ?? 0,
          },
        }
      : {}),
  };
  return { ...report, summary: qaSummary(report) };
}

/**
 * The findings worth one more request, per block, worded for the model: untranslated text, glossary
 * misses, leftover commentary and lengths far off the usual. Missing blocks are not refined here:
 * the ladder already gave up on them.
 */
export function qaFindings(report: QaReport): Map<string, string> {
  const findings = new Map<string, string[]>();
  const add = (id: string, text: string) => findings.set(id, [...(findings.get(id) ?? []), text]);
  for (const u of report.untranslated) {
    if (u.reason === 'identical') add(u.block_id, 'the block was left untranslated; translate it');
    if (u.reason === 'source_language') add(u.block_id, 'the translation was still in the source language');
  }
  for (const v of report.glossary.violations)
    add(v.block_id, `use "${v.expected}" for "${v.term}"${v.found ? `, not "${v.found}"` : ''}`);
  for (const c of report.chatter) add(c.block_id, `remove the added text "${c.found}"`);
  for (const o of report.length_outliers)
    add(
      o.block_id,
      o.ratio < o.usual
        ? 'the translation was much shorter than the source; translate all of it'
        : 'the translation was much longer than the source; translate only the block',
    );
  return new Map([...findings].map(([id, list]) => [id, list.join('; ')]));
}

/** The words an engine marked as unknown, per block, from the notes taken while translating. */
function unknownWords(notes: BlockNote[]): Map<string, string[]> {
  const words = new Map<string, string[]>();
  for (const n of notes)
    if (n.kind === 'unknown_words')
      words.set(n.blockId, [...(words.get(n.blockId) ?? []), ...n.problem.split(', ').filter(Boolean)]);
  return words;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
