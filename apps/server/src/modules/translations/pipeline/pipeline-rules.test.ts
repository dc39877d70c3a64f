import { withinWordLimit } from '@booktranslate/translator';
import { describe, expect, it } from 'vitest';
import { changedTerms } from '../brief/brief.service';
import { contentDisposition, downloadFilename } from '../outputs/download-filename';
import { partialNotice, wordLimitFor } from '../start/credit-rules';
import { balanceTail } from './balance-tail';
import { joinSavedUnits } from './book-blocks';
import { unitKey } from './pipeline-keys';
import { estimateCompletion, progressPercent } from './translation-progress';

describe('pipeline rules', () => {
  it('a Free credit covers whole blocks within the first 5,000 words', () => {
    expect(wordLimitFor('FREE')).toBe(5000);
    expect(wordLimitFor('READER')).toBeNull();
    const blocks = [1, 2, 3, 4].map((n) => ({ id: `b${n}`, words: 2000 }));
    expect(withinWordLimit(blocks, 5000).map((b) => b.id)).toEqual(['b1', 'b2']);
    expect(withinWordLimit(blocks, null)).toHaveLength(4);
    expect(partialNotice(5000, 12345)).toContain('first 5,000 of 12,345 words');
  });

  it('progress is the share of words and the estimate follows the measured pace', () => {
    expect(progressPercent(250, 1000)).toBe(25);
    expect(progressPercent(5, 0)).toBe(0);
    const start = new Date('2026-01-01T00:00:00Z');
    const now = new Date('2026-01-01T00:01:00Z');
    // 300 new words in 60 s -> 700 left take 140 s more.
    const eta = estimateCompletion({
      wordsTotal: 1100,
      wordsDone: 400,
      wordsAtStart: 100,
      translatingStartedAt: start,
      now,
    });
    expect(eta?.toISOString()).toBe('2026-01-01T00:03:20.000Z');
    expect(
      estimateCompletion({ wordsTotal: 10, wordsDone: 0, wordsAtStart: 0, translatingStartedAt: start, now }),
    ).toBeNull();
  });

  it('joins the saved parts of a split block in order and ignores incomplete ones', () => {
    const saved = new Map([
      [unitKey('b1', { index: 1, count: 2 }), 'world.'],
      [unitKey('b1', { index: 0, count: 2 }), 'Hello '],
      [unitKey('b2', { index: 0, count: 2 }), 'half'],
      ['b3', 'whole'],
    ]);
    const joined = joinSavedUnits(saved);
    expect(joined.get('b1')).toBe('Hello world.');
    expect(joined.has('b2')).toBe(false);
    expect(joined.get('b3')).toBe('whole');
  });

  it('finds glossary terms that were added, removed or rendered differently', () => {
    const before = [
      { source: 'Holmes', target: 'Holmes', kind: 'character' as const },
      { source: 'Baker Street', target: 'calle Baker', kind: 'place' as const },
      { source: 'moor', target: 'páramo', kind: 'term' as const },
    ];
    const after = [
      { source: 'holmes', target: 'Holmes', kind: 'character' as const },
      { source: 'Baker Street', target: 'Baker Street', kind: 'place' as const },
      { source: 'hound', target: 'sabueso', kind: 'term' as const },
    ];
    expect(changedTerms(before, after).sort()).toEqual(['Baker Street', 'hound', 'moor']);
  });

  it('names downloads after the book and language, safely', () => {
    const name = downloadFilename('../../Évian <b>"x"</b>\u202e', 'es', 'epub');
    expect(name).toBe('Évian b x b (es).epub');
    expect(contentDisposition(name)).toContain("filename*=UTF-8''");
    expect(contentDisposition(name)).not.toMatch(/filename="[^"]*[^\x20-\x7e]/);
  });

  it('splits the smallest chunks of a multi-round book so the last round ends together', () => {
    const block = (id: string, words: number) => ({
      id,
      blockId: id,
      chapterId: 'c',
      text: id,
      tokens: words,
      words,
      hash: 'h',
    });
    const chunks = [0, 1, 2, 3].map((seq) => ({
      seq,
      chapter: null,
      blocks: [block(`a${seq}`, 10 + seq), block(`b${seq}`, 10 + seq)],
      previous: null,
      words: 20 + 2 * seq,
    }));
    const balanced = balanceTail(chunks, 2, () => 'ch');
    expect(balanced).toHaveLength(6);
    expect(
      balanced
        .filter((c) => c.blocks.length === 1)
        .map((c) => c.blocks[0]?.id)
        .sort(),
    ).toEqual(['a0', 'a1', 'b0', 'b1']);
    expect(balanced.flatMap((c) => c.blocks.map((b) => b.id)).sort()).toEqual(
      chunks.flatMap((c) => c.blocks.map((b) => b.id)).sort(),
    );
    expect(new Set(balanced.map((c) => c.seq)).size).toBe(6);
    expect(balanceTail(chunks, 4, () => null)).toBe(chunks);
  });
});
