import { describe, expect, it } from 'vitest';
import { cancelRefundsCredit, canRetry, canTransition, isWorking } from './translation-status';

describe('translation status machine', () => {
  it('moves forward one step at a time along the pipeline', () => {
    const path = [
      'pending',
      'loading',
      'parsing',
      'analyzing',
      'chunking',
      'translating',
      'merging',
      'completed',
    ] as const;
    for (let i = 0; i + 1 < path.length; i++) expect(canTransition(path[i]!, path[i + 1]!)).toBe(true);
    expect(canTransition('pending', 'translating')).toBe(false);
    expect(canTransition('merging', 'translating')).toBe(false);
  });

  it('fails or cancels only working translations, and retries only failed or canceled ones', () => {
    expect(canTransition('translating', 'failed')).toBe(true);
    expect(canTransition('completed', 'canceled')).toBe(false);
    expect(canRetry('failed') && canRetry('canceled')).toBe(true);
    expect(canRetry('completed') || canRetry('translating')).toBe(false);
    expect(isWorking('merging')).toBe(true);
    expect(isWorking('canceled')).toBe(false);
  });

  it('gives the credit back for a cancel only before translating begins', () => {
    expect(cancelRefundsCredit('pending')).toBe(true);
    expect(cancelRefundsCredit('chunking')).toBe(true);
    expect(cancelRefundsCredit('translating')).toBe(false);
    expect(cancelRefundsCredit('merging')).toBe(false);
  });
});
