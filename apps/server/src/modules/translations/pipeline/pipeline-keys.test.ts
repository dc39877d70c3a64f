import { describe, expect, it } from 'vitest';
import { isUnitOf, parseUnitKey, partKeysLike, pipelineJobId, unitKey } from './pipeline-keys';

const ref = { translationId: '7d2c1f7e-3c1b-4b8e-9a55-0c4f3e2a1b00', run: 1 };

describe('pipeline keys', () => {
  it('derives the same job id for the same step and a different one otherwise', () => {
    const t1 = { translationId: 't1', run: 1 };
    expect(pipelineJobId.chunk(t1, 3)).toBe(pipelineJobId.chunk(t1, 3));
    expect(pipelineJobId.chunk({ ...t1, run: 2 }, 3)).not.toBe(pipelineJobId.chunk(t1, 3));
    expect(pipelineJobId.merge({ translationId: 'x', run: 1 })).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(pipelineJobId.prepare(ref)).not.toBe(pipelineJobId.merge(ref));
  });

  it('keeps the ids of jobs already queued: a step sent again after an upgrade is still a duplicate', () => {
    expect(pipelineJobId.prepare(ref)).toBe('242fa2a2-d1b5-5519-aa30-829883c9bf52');
    expect(pipelineJobId.chunk({ ...ref, run: 2 }, 5)).toBe('02ab68d0-9ef5-5314-a4eb-5da8957b966d');
    expect(pipelineJobId.merge({ ...ref, run: 3 })).toBe('4863178a-db31-50d4-a971-53a023b0a2b7');
  });

  it('builds and parses the key of a whole block and of a part of a split block', () => {
    expect(unitKey('c1.b7')).toBe('c1.b7');
    expect(unitKey('c1.b7', { index: 0, count: 3 })).toBe('c1.b7#0/3');
    expect(parseUnitKey('c1.b7')).toEqual({ blockId: 'c1.b7' });
    expect(parseUnitKey('c1.b7#2/3')).toEqual({ blockId: 'c1.b7', part: { index: 2, count: 3 } });
    // A block id may itself hold a '#': only a trailing index/count marks a part.
    expect(parseUnitKey('c1#b7')).toEqual({ blockId: 'c1#b7' });
    expect(parseUnitKey(unitKey('c1#b7', { index: 1, count: 2 }))).toEqual({
      blockId: 'c1#b7',
      part: { index: 1, count: 2 },
    });
  });

  it('tells the keys of a block and its parts from those of a block with a longer id', () => {
    expect(isUnitOf('c1.b7', 'c1.b7')).toBe(true);
    expect(isUnitOf('c1.b7#1/2', 'c1.b7')).toBe(true);
    expect(isUnitOf('c1.b70', 'c1.b7')).toBe(false);
    expect(partKeysLike('c1.b7')).toBe('c1.b7#%');
  });
});
