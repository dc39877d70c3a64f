import { describe, expect, it } from 'vitest';
import { withoutUnknownMarks } from '../engines/apertium-engine';
import { buildQaReport } from './build-qa-report';
import { leftSourceWords } from './source-words';
import { missingScript } from './target-script';

describe('words left in the source language', () => {
  it('takes Apertium’s unknown-word marks out and names the words', () => {
    const reply = 'Alice empezaba; ella *peeped al libro. El *sleepy *daisies.';
    expect(withoutUnknownMarks(reply, 'Alice began; she peeped into the book.')).toEqual({
      text: 'Alice empezaba; ella peeped al libro. El sleepy daisies.',
      words: ['peeped', 'sleepy', 'daisies'],
    });
    // An asterisk of the source itself stays.
    expect(withoutUnknownMarks('Nota *importante', 'Note *importante').words).toEqual([]);
  });

  it('finds source words again in a translation, not names, short words or glossary terms', () => {
    const source = 'Mara peeped at the sleepy daisies, no more.';
    const target = 'Mara peeped a las sleepy margaritas, no más.';
    expect(leftSourceWords(source, target, () => true)).toEqual(['peeped', 'sleepy']);
    expect(leftSourceWords(source, target, (w) => w !== 'sleepy')).toEqual(['peeped']);
    expect(leftSourceWords(source, target, () => true, new Set(['peeped']))).toEqual(['sleepy']);
  });

  it('reports marked words and found words per passage in book order; every check passed only without them', () => {
    const blocks = [
      { blockId: 'c1.b1', chapterId: 'One', source: 'She peeped in.', target: 'Ella peeped dentro.' },
      { blockId: 'c2.b1', chapterId: 'Two', source: 'The sea.', target: 'El mar.' },
      { blockId: 'c10.b1', chapterId: 'Ten', source: 'A sleepy cat.', target: 'Un gato sleepy.' },
    ];
    const notes = [
      { blockId: 'c10.b1', kind: 'unknown_words' as const, problem: 'sleepy', repair: 'none' },
      { blockId: 'c2.b1', kind: 'reported' as const, problem: 'cut short', repair: 'none' },
      { blockId: 'c1.b1', kind: 'reported' as const, problem: 'cut short', repair: 'none' },
    ];
    const report = buildQaReport({ blocks, notes, isSourceWord: (w) => w === 'peeped' });
    expect(report.source_words).toEqual([
      { block_id: 'c1.b1', chapter: 'One', words: ['peeped'] },
      { block_id: 'c10.b1', chapter: 'Ten', words: ['sleepy'] },
    ]);
    expect(report.reported.map((r) => r.block_id)).toEqual(['c1.b1', 'c2.b1']);
    expect(report.summary).toContain('2 passages with words left in the source language');
    expect(report.unchecked).toEqual(['source_language']);
    const clean = buildQaReport({
      blocks: [blocks[1]!],
      stillInSource: () => false,
      isSourceWord: () => true,
    });
    expect(clean.source_words).toEqual([]);
    expect(clean.unchecked).toEqual([]);
  });
});

describe('the target language’s script', () => {
  it('flags an Arabic translation without one Arabic letter, not a short one or a Latin-script language', () => {
    expect(missingScript('ar', 'The sea was calm that night.')).toBe('Arabic');
    expect(missingScript('ar', 'كان البحر هادئا تلك الليلة.')).toBeNull();
    expect(missingScript('ar', 'Mara')).toBeNull();
    expect(missingScript('ru-RU', 'The sea was calm that night.')).toBe('Cyrillic');
    expect(missingScript('es', 'The sea was calm that night.')).toBeNull();
    const report = buildQaReport({
      blocks: [
        { blockId: 'c1.b1', chapterId: 'One', source: 'The sea was calm.', target: 'Al-bahr kan hadi.' },
      ],
      to: 'ar',
    });
    expect(report.missing_script).toEqual([{ block_id: 'c1.b1', chapter: 'One', script: 'Arabic' }]);
    expect(report.summary).toContain("1 passage without the target language's script");
  });
});
