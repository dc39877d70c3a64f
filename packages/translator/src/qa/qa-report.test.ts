import { describe, expect, it } from 'vitest';
import { buildQaReport } from './build-qa-report';
import { withoutFindingsOf } from './qa-report';

describe('withoutFindingsOf', () => {
  it('drops every finding on one block and keeps the others and the summary', () => {
    const source = 'The river ran high under the old bridge while the cart came down the lane.';
    const report = buildQaReport({
      blocks: [
        { blockId: 'b1', chapterId: 'c1', source, target: undefined },
        { blockId: 'b2', chapterId: 'c1', source, target: undefined },
      ],
      notes: [
        { blockId: 'b1', kind: 'reported', problem: 'the model refused', repair: 'none' },
        { blockId: 'b2', kind: 'reported', problem: 'the model refused', repair: 'none' },
      ],
    });
    expect(report.untranslated.map((u) => u.block_id)).toEqual(['b1', 'b2']);
    const after = withoutFindingsOf(report, 'b1');
    expect(after.untranslated.map((u) => u.block_id)).toEqual(['b2']);
    expect(after.reported.map((r) => r.block_id)).toEqual(['b2']);
    expect(after.summary).toBe(report.summary);
    expect(report.untranslated).toHaveLength(2);
  });
});
