import { describe, expect, it } from 'vitest';
import type { EngineChoice } from './pipeline-deps';
import { chunkLimiter, prepareLimiter } from './prepare-limiter';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let keys = 0;
/** A provider key of its own for each test (limiters are kept per key for the process). */
const newKey = () => ({ label: `test:limiter-${++keys}` }) as EngineChoice;

/** Holds one of the key's slots until released. */
function hold(limiter: ReturnType<typeof chunkLimiter>) {
  let release = () => {};
  const done = limiter.run(0, () => new Promise<void>((resolve) => (release = resolve)));
  return { done, release: () => release() };
}

describe('the provider key as chunk jobs and prepare steps share it (decision 313)', () => {
  it('starts a light owner’s chunk request in a kept slot while a heavy owner’s chunks wait', async () => {
    const choice = newKey();
    // 16 slots, one kept for priority views: a heavy owner (other books unfinished) fills 15.
    const heavy = chunkLimiter(choice, 16, 4);
    const held = Array.from({ length: 15 }, () => hold(heavy));
    const started: string[] = [];
    const waiting = heavy.run(0, async () => void started.push('heavy'));
    const light = chunkLimiter(choice, 16, 0).run(0, async () => void started.push('light'));
    await wait(5);
    expect(started).toEqual(['light']);
    for (const h of held) h.release();
    await Promise.all([waiting, light, ...held.map((h) => h.done)]);
    expect(started).toEqual(['light', 'heavy']);
  });

  it('gives a freed slot to a prepare request first, then a light owner’s chunk, then a heavy owner’s', async () => {
    const choice = newKey();
    const busy = Array.from({ length: 16 }, () => hold(prepareLimiter(choice, 16)));
    await wait(1);
    const order: string[] = [];
    const heavy = chunkLimiter(choice, 16, 2).run(0, async () => void order.push('heavy chunk'));
    const light = chunkLimiter(choice, 16, 0).run(0, async () => void order.push('light chunk'));
    const brief = prepareLimiter(choice, 16).run(0, async () => void order.push('brief'));
    for (const b of busy) {
      b.release();
      await wait(1);
    }
    await Promise.all([heavy, light, brief, ...busy.map((b) => b.done)]);
    expect(order).toEqual(['brief', 'light chunk', 'heavy chunk']);
  });

  it('lets a lone book’s fill chunk take a kept slot, and gives the next freed slot to anyone else first (decision 314)', async () => {
    const choice = newKey();
    // 16 slots, one kept: the lone book's wave holds 15, its fill chunk takes the kept one.
    const wave = Array.from({ length: 15 }, () => hold(chunkLimiter(choice, 16, 0)));
    const order: string[] = [];
    const fill = hold(chunkLimiter(choice, 16, 0, true));
    await wait(1);
    const nextFill = chunkLimiter(choice, 16, 0, true).run(0, async () => void order.push('fill'));
    const heavy = chunkLimiter(choice, 16, 3).run(0, async () => void order.push('heavy chunk'));
    const newcomer = chunkLimiter(choice, 16, 0).run(0, async () => void order.push('newcomer chunk'));
    const brief = prepareLimiter(choice, 16).run(0, async () => void order.push('brief'));
    await wait(5);
    expect(order).toEqual([]);
    // The fill chunk ends: the newcomer's brief, then its chunk, take the kept slot before the next
    // fill; a heavy owner's chunk waits for one of the wave's slots.
    fill.release();
    await Promise.all([fill.done, brief, newcomer, nextFill]);
    expect(order).toEqual(['brief', 'newcomer chunk', 'fill']);
    await wait(5);
    expect(order).toHaveLength(3);
    for (const w of wave) w.release();
    await Promise.all([heavy, ...wave.map((w) => w.done)]);
    expect(order).toEqual(['brief', 'newcomer chunk', 'fill', 'heavy chunk']);
  });
});
