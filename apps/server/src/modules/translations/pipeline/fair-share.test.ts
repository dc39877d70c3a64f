import { describe, expect, it } from 'vitest';
import { chunkPriorities, MAX_RANK } from './fair-share';

describe('chunkPriorities', () => {
  it('ranks a translation behind the chunks its owner already has waiting, in planning order', () => {
    expect(chunkPriorities(0, 3)).toEqual([-0, -1, -2]);
    expect(chunkPriorities(640, 3)).toEqual([-640, -641, -642]);
  });

  it('puts the first chunks of a user with nothing waiting before the deep end of a heavy user', () => {
    const heavy = chunkPriorities(0, 100).concat(chunkPriorities(100, 100));
    const light = chunkPriorities(0, 10);
    const lightLast = Math.min(...light);
    expect(heavy.filter((p) => p > lightLast)).toHaveLength(9);
  });

  it('stays within the integer column and refuses a nonsense backlog', () => {
    expect(chunkPriorities(MAX_RANK + 5, 2)).toEqual([-MAX_RANK, -MAX_RANK]);
    expect(() => chunkPriorities(-1, 1)).toThrow(/whole number/);
    expect(() => chunkPriorities(1.5, 1)).toThrow(/whole number/);
  });
});
