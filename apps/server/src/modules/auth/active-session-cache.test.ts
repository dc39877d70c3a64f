import { describe, expect, it } from 'vitest';
import { ActiveSessionCache } from './active-session-cache';

const at = (ms: number) => new Date(1_700_000_000_000 + ms);
const far = at(3_600_000);

describe('ActiveSessionCache', () => {
  it('remembers an active family for its time to live, for its own user only', () => {
    const cache = new ActiveSessionCache(2000);
    cache.add('f1', 'u1', at(0), far);
    expect(cache.has('f1', 'u1', at(1999))).toBe(true);
    expect(cache.has('f1', 'u2', at(10))).toBe(false);
    expect(cache.has('f1', 'u1', at(2000))).toBe(false);
  });

  it("never past the family's own end", () => {
    const cache = new ActiveSessionCache(2000);
    cache.add('f1', 'u1', at(0), at(500));
    expect(cache.has('f1', 'u1', at(499))).toBe(true);
    expect(cache.has('f1', 'u1', at(500))).toBe(false);
  });

  it('forgets a revoked family, or every family of a user, at once', () => {
    const cache = new ActiveSessionCache(2000);
    cache.add('f1', 'u1', at(0), far);
    cache.add('f2', 'u1', at(0), far);
    cache.add('f3', 'u2', at(0), far);
    cache.forgetFamily('f1');
    expect(cache.has('f1', 'u1', at(1))).toBe(false);
    cache.forgetUser('u1');
    expect(cache.has('f2', 'u1', at(1))).toBe(false);
    expect(cache.has('f3', 'u2', at(1))).toBe(true);
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const cache = new ActiveSessionCache(2000, 2);
    cache.add('f1', 'u', at(0), far);
    cache.add('f2', 'u', at(0), far);
    cache.add('f3', 'u', at(0), far);
    expect(cache.has('f1', 'u', at(1))).toBe(false);
    expect(cache.has('f3', 'u', at(1))).toBe(true);
  });
});
