// The short chunks that the slots kept beside a full wave take while it runs (decision 314).

import { type Unit, weigher } from './plan-one-wave';

/**
 * What a request costs before its first reply token, in the units' weight (source tokens whose
 * reply takes as long to write): providers answer 0.5-1.5 s after a request and write 60-200 tokens
 * a second, a reply some 1.2-1.8 tokens per source token, so 30-250. The fill is sized with a figure
 * near the larger: a fill chunk still waiting when the wave ends starts then and ends after it,
 * while a fill that ends early only leaves its slots idle for the wave's last seconds.
 */
const FIRST_TOKEN = 200;

/**
 * Where a full wave of `count` chunks leaves the end of its text to `fill.slots` slots beside it:
 * those slots take chunks of about `fill.tokens` source tokens one after another while the wave
 * runs, so the wave is cut from the rest of the text. In reply tokens (the units' weight), with
 * `FIRST_TOKEN` for each request's wait: the wave's chunks of weight W end when the fill slots have
 * written their chunks, count·W + slots·share·(FIRST_TOKEN + W) = total, where share is the part of
 * a fill request spent writing. The fill chunks are cut from the end of the text, whole units, while
 * their time stays within the wave's: the wave's units and the fill chunks' units, in reading order;
 * undefined when not one fits.
 * @example splitFill(units, 30, { slots: 2, tokens: 300 })?.fill.length // 20
 */
export function splitFill(
  units: Unit[],
  count: number,
  fill: { slots: number; tokens: number },
): { wave: Unit[]; fill: Unit[][] } | undefined {
  if (fill.slots < 1 || fill.tokens < 1 || count < 1 || units.length < 2) return undefined;
  const weigh = weigher(units);
  const weights = units.map((u) => weigh(u.text.length));
  const total = weights.reduce((sum, w) => sum + w, 0);
  const tokens = units.reduce((sum, u) => sum + u.tokens, 0);
  if (total <= 0 || tokens <= 0) return undefined;
  const size = (fill.tokens * total) / tokens;
  const share = size / (FIRST_TOKEN + size);
  const wave = (total - fill.slots * share * FIRST_TOKEN) / (count + fill.slots * share);
  // The time the fill slots have while the wave runs, and what each fill chunk takes of it.
  const budget = fill.slots * (FIRST_TOKEN + wave);
  const fillChunks: Unit[][] = [];
  let spent = 0;
  let end = units.length;
  // Backwards from the last unit: a chunk takes units while it stays within `size` (at least one).
  while (end > count) {
    let from = end - 1;
    let weight = weights[from] as number;
    while (from > count && weight + (weights[from - 1] as number) <= size)
      weight += weights[--from] as number;
    if (spent + FIRST_TOKEN + weight > budget) break;
    spent += FIRST_TOKEN + weight;
    fillChunks.unshift(units.slice(from, end));
    end = from;
  }
  return fillChunks.length > 0 ? { wave: units.slice(0, end), fill: fillChunks } : undefined;
}
