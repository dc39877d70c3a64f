import { describe, expect, it } from 'vitest';
import { TranslatorError } from './errors';
import { backoffDelay, defaultRetryPolicy, withRetries } from './with-retries';

const fast = { retries: 3, baseDelayMs: 1, maxDelayMs: 4, maxRetryAfterMs: 1000 };

describe('withRetries', () => {
  it('retries transient errors, then succeeds', async () => {
    let calls = 0;
    const result = await withRetries(async () => {
      if (++calls < 3) throw new TranslatorError('overloaded', '503');
      return 'ok';
    }, fast);
    expect(result).toBe('ok');
    expect(calls).toBe(3);
  });

  it('fails fast on quota and bad keys', async () => {
    let calls = 0;
    const error = await withRetries(async () => {
      calls++;
      throw new TranslatorError('quota_exhausted', 'no credit');
    }, fast).catch((e: unknown) => e);
    expect((error as TranslatorError).code).toBe('quota_exhausted');
    expect(calls).toBe(1);
  });

  it('hands a long Retry-After back to the caller instead of sleeping', async () => {
    const error = await withRetries(async () => {
      throw new TranslatorError('rate_limited', '429', { retryAfterMs: 60_000 });
    }, fast).catch((e: unknown) => e);
    expect((error as TranslatorError).retryAfterMs).toBe(60_000);
  });

  it('never waits less than Retry-After, and grows with jitter otherwise', () => {
    expect(backoffDelay(0, defaultRetryPolicy, 5000)).toBe(5000);
    const delays = Array.from({ length: 50 }, () => backoffDelay(3, defaultRetryPolicy));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(4000);
    expect(new Set(delays).size).toBeGreaterThan(1);
  });
});
