import type { TranslationReport } from '@booktranslate/contract';
import { describe, expect, it } from 'vitest';
import { toQualityReport } from './qualityReport';

const at = { chapter: 'Chapter II', block_id: 'c2.b4' };
const report: TranslationReport = {
  blocks_total: 10,
  blocks_translated: 9,
  untranslated: [{ ...at, reason: 'source_language' }],
  glossary: { terms: [], violations: [{ term: 'Mara', block_id: 'c2.b4', expected: 'araM', found: null }] },
  inconsistent_names: [{ term: 'Mara', renderings: [{ text: 'araM', blocks: 3 }] }],
  length_outliers: [{ ...at, ratio: 0.4, usual: 1.1 }],
  repaired: [{ block_id: 'c2.b4', problem: 'tags are unbalanced', repair: 'asked again' }],
  chatter: [{ ...at, found: 'Here is the translation:' }],
  reported: [{ ...at, message: 'reply cut short' }],
  refined: [],
  summary: '9 of 10 passages translated',
};

describe('toQualityReport', () => {
  it('words every finding as the reader’s flags do, after the passage', () => {
    expect(toQualityReport(report)).toEqual({
      summary: '9 of 10 passages translated',
      blocksTotal: 10,
      blocksTranslated: 9,
      findings: [
        { kind: 'Untranslated passages', items: ['Chapter II (c2.b4): still in the source language'] },
        { kind: 'Glossary not followed', items: ['“Mara” should be “araM” (c2.b4)'] },
        { kind: 'Names rendered more than one way', items: ['Mara: “araM” ×3'] },
        {
          kind: 'Leftover commentary or markup',
          items: ['Chapter II (c2.b4): has text the original lacks: “Here is the translation:”'],
        },
        {
          kind: 'Unusual length',
          items: [
            'Chapter II (c2.b4): much shorter than the original, for this book (×0.4 against ×1.1 usually)',
          ],
        },
        {
          kind: 'Reported by the retry ladder',
          items: ['Chapter II (c2.b4): the engine failed on it at first: reply cut short'],
        },
        {
          kind: 'Repaired after a rejected reply',
          items: ['c2.b4: a reply was rejected (tags are unbalanced); asked again'],
        },
      ],
    });
  });
});
