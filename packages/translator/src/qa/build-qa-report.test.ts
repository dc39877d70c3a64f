import { describe, expect, it } from 'vitest';
import { buildQaReport, qaFindings } from './build-qa-report';

const sentence = 'The river ran high under the old bridge while the cart came down the lane.';
const block = (id: string, target: string | undefined, source = sentence) => ({
  blockId: id,
  chapterId: 'c1',
  source,
  target,
});

describe('buildQaReport', () => {
  it('finds length outliers against the book’s usual ratio, markup, and blocks the ladder reported', () => {
    const normal = 'oir le abro otla ojab le oejiv etneup nim el orrac ol ojab al aenal.';
    const report = buildQaReport({
      blocks: [
        block('b1', normal),
        block('b2', normal),
        block('b3', normal),
        block('b4', 'oir.'),
        block('b5', `**${normal}**`),
        block('b6', undefined),
      ],
      notes: [{ blockId: 'b6', kind: 'reported', problem: 'the model refused', repair: 'none' }],
    });
    expect(report.length_outliers.map((o) => o.block_id)).toEqual(['b4']);
    expect(report.length_outliers[0]?.ratio).toBeLessThan(0.1);
    expect(report.chatter).toEqual([{ block_id: 'b5', chapter: 'c1', found: `**${normal}**`.slice(0, 80) }]);
    expect(report.untranslated).toEqual([{ block_id: 'b6', chapter: 'c1', reason: 'missing' }]);
    expect(report.reported).toEqual([{ block_id: 'b6', chapter: 'c1', message: 'the model refused' }]);
    expect(report.summary).toBe(
      '5 of 6 passages translated; 1 passage with leftover commentary or markup; 1 passage of unusual length; 1 passage reported by the retry ladder',
    );
    const findings = qaFindings(report);
    expect(findings.get('b4')).toMatch(/much shorter/);
    expect(findings.get('b5')).toMatch(/remove the added text/);
    expect(findings.has('b6')).toBe(false);
  });

  it('judges the language without added commentary: a translated passage with an English offer is not untranslated', () => {
    const english = (text: string) => /\b(?:the|let|me|know|you|was)\b/i.test(text);
    const offer = ' Let me know if you need anything else.';
    const report = buildQaReport({
      blocks: [
        block('h1', `1 OLUTÍPAC${offer}`, 'CHAPTER 1'),
        block('b1', `The sea was calm.${offer}`, 'The sea was calm.'),
      ],
      notes: [],
      stillInSource: english,
    });
    // The heading is translated and carries commentary; the other is English under its commentary.
    expect(report.untranslated).toEqual([{ block_id: 'b1', chapter: 'c1', reason: 'source_language' }]);
    expect(report.chatter.map((c) => c.block_id)).toEqual(['h1', 'b1']);
  });

  it('counts glossary use per term and lists each violation with what was found', () => {
    const report = buildQaReport({
      blocks: [
        block('b1', 'Entonces Marah subió.', 'Then Mara climbed.'),
        block('b2', 'Entonces Mara bajó.', 'Then Mara went down.'),
      ],
      glossary: [{ source: 'Mara', target: 'Marah', kind: 'character' }],
    });
    expect(report.glossary.terms).toEqual([{ term: 'Mara', expected: 'Marah', blocks: 2, compliant: 1 }]);
    expect(report.glossary.violations).toEqual([
      { term: 'Mara', block_id: 'b2', chapter: expect.any(String), expected: 'Marah', found: 'Mara' },
    ]);
    expect(report.inconsistent_names[0]?.renderings).toEqual([
      { text: 'Marah', blocks: 1 },
      { text: 'Mara', blocks: 1 },
    ]);
  });

  it('does not count an untranslated block again as a glossary violation', () => {
    const report = buildQaReport({
      blocks: [block('b1', 'Then Mara climbed the stairs.', 'Then Mara climbed the stairs.')],
      glossary: [{ source: 'Mara', target: 'Marah', kind: 'character' }],
    });
    expect(report.untranslated).toEqual([{ block_id: 'b1', chapter: 'c1', reason: 'identical' }]);
    expect(report.glossary.violations).toEqual([]);
    expect(report.summary).toBe('0 of 1 passages translated');
  });
});
