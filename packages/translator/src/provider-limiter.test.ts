import { describe, expect, it } from 'vitest';
import { ProviderLimiter } from './provider-limiter';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ProviderLimiter', () => {
  it('never runs more than the concurrency at once', async () => {
    const limiter = new ProviderLimiter({ concurrency: 3 });
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 12 }, () =>
        limiter.run(1, async () => {
          peak = Math.max(peak, ++active);
          await wait(5);
          active--;
        }),
      ),
    );
    expect(peak).toBe(3);
  });

  it('holds requests over the requests-per-window limit until the window moves on', async () => {
    const limiter = new ProviderLimiter({ concurrency: 10, requestsPerMinute: 2, windowMs: 150 });
    const started = performance.now();
    const times = await Promise.all(
      [1, 2, 3].map(() => limiter.run(1, async () => performance.now() - started)),
    );
    expect(times.sort((a, b) => a - b)[2]).toBeGreaterThanOrEqual(140);
  });

  it('holds requests over the tokens-per-window limit', async () => {
    const limiter = new ProviderLimiter({ concurrency: 10, tokensPerMinute: 1000, windowMs: 150 });
    const started = performance.now();
    const times = await Promise.all(
      [600, 600].map((tokens) => limiter.run(tokens, async () => performance.now() - started)),
    );
    expect(Math.max(...times)).toBeGreaterThanOrEqual(140);
  });

  it('pauses every request after a Retry-After', async () => {
    const limiter = new ProviderLimiter({ concurrency: 4 });
    limiter.pause(120);
    const started = performance.now();
    await limiter.run(1, async () => undefined);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });
});
