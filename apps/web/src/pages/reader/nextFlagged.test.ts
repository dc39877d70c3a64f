import { describe, expect, it } from 'vitest';
import { wirePassage } from '../../api/mock/wire';
import { nextFlagged } from './nextFlagged';

const flag = { reason: 'glossary' as const, message: 'm' };
const plain = wirePassage();
const flagged = wirePassage({ flags: [flag] });
const chapters = (...flaggedCounts: number[]) =>
  flaggedCounts.map((flagged, index) => ({
    index,
    title: `C${index}`,
    depth: 0,
    part: 1,
    parts: 1,
    flagged,
    passages: 3,
  }));

describe('nextFlagged', () => {
  it('finds the next flagged passage later in the chapter first', () => {
    expect(nextFlagged([flagged, plain, flagged], 0, chapters(2, 1), 0)).toEqual({ chapter: 0, index: 2 });
  });

  it('then the next chapter whose count has flagged passages, wrapping round the book', () => {
    expect(nextFlagged([plain, flagged, plain], 1, chapters(1, 0, 3), 0)).toEqual({
      chapter: 2,
      index: 'first',
    });
    expect(nextFlagged([plain], 0, chapters(2, 0, 0), 2)).toEqual({ chapter: 0, index: 'first' });
  });

  it('then earlier in the same chapter, and nothing when nothing is flagged', () => {
    expect(nextFlagged([flagged, plain], 1, chapters(1, 0), 0)).toEqual({ chapter: 0, index: 0 });
    expect(nextFlagged([plain, plain], 0, chapters(0, 0), 0)).toBeNull();
  });
});
