/**
 * A small seeded generator (mulberry32) so that a run with `--seed` injects the same faults in the same
 * order of arrival. Without a seed it starts from the clock.
 * @example const next = seededRandom(42); next(); // 0 <= x < 1, the same sequence every run
 */
export function seededRandom(seed: number = Date.now()): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
