import { describe, expect, it } from 'vitest';
import type { GlossaryEntry } from '../brief';
import { buildQaReport } from './build-qa-report';
import { earlyQaChecks } from './early-qa-checks';

const glossary: GlossaryEntry[] = [
  { source: 'Mara', target: 'Marah', kind: 'character' },
  { source: 'Lanton', target: 'Lantón', kind: 'place' },
];
const blocks = [
  { blockId: 'b1', chapterId: 'c1', source: 'Mara walked to Lanton.', target: 'Marah caminó a Lantón.' },
  { blockId: 'b2', chapterId: 'c1', source: 'Mara was tired.', target: 'Mara estaba cansada.' },
  { blockId: 'b3', chapterId: 'c2', source: 'Lanton slept.', target: 'Lanton slept.' },
  { blockId: 'b4', chapterId: 'c2', source: 'The road was long.', target: 'The road was long indeed.' },
];
// Reads English as the source language: "the" or "was" left in the target.
const english = (text: string) => /\b(the|was)\b/i.test(text);

describe('earlyQaChecks', () => {
  it('gives the report the same findings as checking every block at the end, each block checked once', () => {
    const seen: string[] = [];
    const counted = (text: string) => {
      seen.push(text);
      return english(text);
    };
    const early = earlyQaChecks({ stillInSource: counted, glossary });
    early.checkNow(blocks.slice(0, 2));
    early.checkNow(blocks.slice(2));
    const checkedEarly = seen.length;
    const report = buildQaReport({ blocks, glossary, ...early.answers });
    expect(seen.length).toBe(checkedEarly);
    const plain = buildQaReport({ blocks, glossary, stillInSource: english });
    expect(report).toEqual(plain);
    expect(report.glossary.violations.map((v) => [v.block_id, v.term])).toEqual([['b2', 'Mara']]);
    expect(report.untranslated.map((u) => [u.block_id, u.reason])).toEqual([
      ['b3', 'identical'],
      ['b4', 'source_language'],
    ]);
  });

  it('checks a block again when its translation changed (a refined block)', () => {
    const early = earlyQaChecks({ stillInSource: english, glossary });
    early.checkNow(blocks);
    const refined = blocks.map((b) => (b.blockId === 'b2' ? { ...b, target: 'Marah estaba cansada.' } : b));
    const report = buildQaReport({ blocks: refined, glossary, ...early.answers });
    expect(report.glossary.violations).toEqual([]);
    expect(report).toEqual(buildQaReport({ blocks: refined, glossary, stillInSource: english }));
  });
});
