import type { QaReport } from '@booktranslate/translator';
import { describe, expect, it } from 'vitest';
import { flagsByBlock } from './passage-flags';

describe('flagsByBlock', () => {
  it('words each finding as the report in the translation dialog does, capitalised', () => {
    const at = { chapter: 'Chapter II', block_id: 'c2.b4' };
    const report = {
      untranslated: [{ ...at, reason: 'identical' }],
      glossary: {
        terms: [],
        violations: [{ term: 'Mara', block_id: 'c2.b4', expected: 'araM', found: 'raaM' }],
      },
      length_outliers: [{ ...at, ratio: 2.5, usual: 1 }],
      chatter: [{ ...at, found: 'Note:' }],
      reported: [],
      repaired: [],
      source_words: [{ ...at, words: ['Dinah', 'daisies'] }],
      missing_script: [{ chapter: 'Chapter III', block_id: 'c3.b1', script: 'Arabic' }],
    } as unknown as QaReport;
    expect(flagsByBlock(report).get('c2.b4')).toEqual([
      { reason: 'untranslated', message: 'Left as the source' },
      { reason: 'glossary', message: '“Mara” should be “araM”, found “raaM”' },
      { reason: 'length', message: 'Much longer than the original, for this book (×2.5 against ×1 usually)' },
      { reason: 'chatter', message: 'Has text the original lacks: “Note:”' },
      { reason: 'source_language', message: 'Words left in the source language: “Dinah”, “daisies”' },
    ]);
    // The report's word checks flag their passages in the reader too (its count agrees).
    expect(flagsByBlock(report).get('c3.b1')).toEqual([
      { reason: 'source_language', message: 'No Arabic letters in the translation' },
    ]);
  });
});
