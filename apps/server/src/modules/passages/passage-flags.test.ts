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
    } as unknown as QaReport;
    expect(flagsByBlock(report).get('c2.b4')).toEqual([
      { reason: 'untranslated', message: 'Left as the source' },
      { reason: 'glossary', message: '“Mara” should be “araM”, found “raaM”' },
      { reason: 'length', message: 'Much longer than the original, for this book (×2.5 against ×1 usually)' },
      { reason: 'chatter', message: 'Has text the original lacks: “Note:”' },
    ]);
  });
});
