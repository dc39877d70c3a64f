import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from './verified-tokens';

const exp = 1_700_000_100;
const at = (seconds: number) => new Date(seconds * 1000);

describe('VerifiedTokens', () => {
  it('answers for the key it was verified under until the second of its expiry', () => {
    const cache = new VerifiedTokens<string>();
    const key = new Uint8Array([1]);
    cache.add(key, 't', 'claims', exp);
    expect(cache.get(key, 't', at(exp - 1))).toBe('claims');
    expect(cache.get(new Uint8Array([1]), 't', at(exp - 1))).toBeUndefined();
    expect(cache.get(key, 't', at(exp))).toBeUndefined();
    expect(cache.get(key, 't', at(exp - 1))).toBeUndefined();
  });

  it('holds at most maxEntries per key, dropping the oldest', () => {
    const cache = new VerifiedTokens<string>(2);
    const key = new Uint8Array([1]);
    for (const token of ['a', 'b', 'c']) cache.add(key, token, token, exp);
    expect(cache.get(key, 'a', at(exp - 10))).toBeUndefined();
    expect(cache.get(key, 'c', at(exp - 10))).toBe('c');
  });
});
