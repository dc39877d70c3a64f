import type { TranslationReport } from '@booktranslate/contract';
import { describe, expect, it } from 'vitest';
import { qualityFindings } from './qualityReport';

const at = { chapter: 'Chapter II', block_id: 'c2.b4' };
const report: TranslationReport = {
  blocks_total: 10,
  blocks_translated: 9,
  // Stored as chunks finished: c10 before c2.
  untranslated: [
    { chapter: 'Chapter X', block_id: 'c10.b1', reason: 'missing' },
    { ...at, reason: 'source_language' },
  ],
  glossary: { terms: [], violations: [{ term: 'Mara', block_id: 'c2.b4', expected: 'araM', found: null }] },
  inconsistent_names: [{ term: 'Mara', renderings: [{ text: 'araM', blocks: 3 }] }],
  length_outliers: [{ ...at, ratio: 0.4, usual: 1.1 }],
  repaired: [{ block_id: 'c2.b4', problem: 'tags are unbalanced', repair: 'asked again' }],
  chatter: [{ ...at, found: 'Here is the translation:' }],
  reported: [{ ...at, message: 'reply cut short' }],
  refined: [],
  source_words: [{ ...at, words: ['peeped', 'sleepy'] }],
  missing_script: [{ ...at, script: 'Arabic' }],
  unchecked: [],
  summary: '9 of 10 passages translated',
};

describe('qualityFindings', () => {
  it('words every finding as the reader’s flags do, with its passage, in book order', () => {
    const findings = qualityFindings(report);
    const kind = (k: string) => findings.find((f) => f.kind === k)?.items;
    expect(kind('Untranslated passages')).toEqual([
      { place: 'Chapter II', blockId: 'c2.b4', text: 'still in the source language' },
      { place: 'Chapter X', blockId: 'c10.b1', text: 'not translated' },
    ]);
    expect(kind('Words left in the source language')).toEqual([
      {
        place: 'Chapter II',
        blockId: 'c2.b4',
        text: 'words left in the source language: “peeped”, “sleepy”',
      },
    ]);
    expect(kind('Not in the target language’s script')).toEqual([
      { place: 'Chapter II', blockId: 'c2.b4', text: 'no Arabic letters in the translation' },
    ]);
    // A violation from a report without its chapter still links to its passage.
    expect(kind('Glossary not followed')).toEqual([
      { place: 'A passage', blockId: 'c2.b4', text: '“Mara” should be “araM”' },
    ]);
    expect(kind('Names rendered more than one way')).toEqual([{ place: 'Mara', text: '“araM” ×3' }]);
    expect(kind('Repaired after a rejected reply')?.[0]).toMatchObject({ blockId: 'c2.b4' });
  });
});
