import { describe, expect, it } from 'vitest';
import { chunkSlots, ProviderLimiter } from './provider-limiter';

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

  it('lets a higher-priority view of the same key go before requests already waiting', async () => {
    const limiter = new ProviderLimiter({ concurrency: 1 });
    const urgent = limiter.withPriority(1);
    const order: string[] = [];
    let release = () => {};
    const holding = limiter.run(1, () => new Promise<void>((resolve) => (release = resolve)));
    const waiting = ['chunk-1', 'chunk-2'].map((name) => limiter.run(1, async () => void order.push(name)));
    const first = urgent.run(1, async () => void order.push('brief'));
    const second = urgent.run(1, async () => void order.push('titles'));
    await wait(5);
    release();
    await Promise.all([holding, ...waiting, first, second]);
    expect(order).toEqual(['brief', 'titles', 'chunk-1', 'chunk-2']);
  });

  it('keeps one slot in sixteen for a priority view: a brief does not wait for a long chunk request', async () => {
    const limiter = new ProviderLimiter({ concurrency: 16 });
    const urgent = limiter.withPriority(1);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let chunksRunning = 0;
    let peak = 0;
    const chunks = Array.from({ length: 20 }, () =>
      limiter.run(1, async () => {
        peak = Math.max(peak, ++chunksRunning);
        await held;
        chunksRunning--;
      }),
    );
    await wait(5);
    expect(chunksRunning).toBe(15);
    const started = performance.now();
    await urgent.run(1, async () => undefined);
    expect(performance.now() - started).toBeLessThan(50);
    release();
    await Promise.all(chunks);
    expect(peak).toBe(15);
    // Below 8 slots nothing is kept: every slot serves chunks.
    const small = new ProviderLimiter({ concurrency: 4 });
    let smallPeak = 0;
    let smallRunning = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        small.run(1, async () => {
          smallPeak = Math.max(smallPeak, ++smallRunning);
          await wait(5);
          smallRunning--;
        }),
      ),
    );
    expect(smallPeak).toBe(4);
  });

  it('says how many slots a view fills, so a wave of chunks is planned that wide', () => {
    const limiter = new ProviderLimiter({ concurrency: 32 });
    expect(limiter.slots).toBe(30);
    expect(chunkSlots(32)).toBe(30);
    expect(limiter.withPriority(1).slots).toBe(32);
    expect(new ProviderLimiter({ concurrency: 4 }).slots).toBe(4);
    // A key one book has to itself keeps none: its chunks may fill every slot.
    expect(new ProviderLimiter({ concurrency: 32, keptSlots: 0 }).slots).toBe(32);
    expect(chunkSlots(32, 3)).toBe(29);
  });

  it('says how many slots a view could take now', async () => {
    const limiter = new ProviderLimiter({ concurrency: 32 });
    const prepare = limiter.withPriority(1);
    expect(prepare.free).toBe(32);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const running = Array.from({ length: 30 }, () => limiter.run(1, () => held));
    await wait(1);
    expect(limiter.free).toBe(0);
    expect(prepare.free).toBe(2);
    release();
    await Promise.all(running);
    expect(limiter.free).toBe(30);
  });

  it('shares slots and pauses between the views of one key', async () => {
    const limiter = new ProviderLimiter({ concurrency: 2 });
    const urgent = limiter.withPriority(5);
    let active = 0;
    let peak = 0;
    const task = async () => {
      peak = Math.max(peak, ++active);
      await wait(5);
      active--;
    };
    await Promise.all([1, 2, 3].flatMap(() => [limiter.run(1, task), urgent.run(1, task)]));
    expect(peak).toBe(2);
    urgent.pause(100);
    const started = performance.now();
    await limiter.run(1, async () => undefined);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
  });
});
