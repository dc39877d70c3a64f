import type { PdfRun } from './pdf-line';

/** The runs of a page split into its columns, and the runs that cross the gutter. */
export interface PageColumns {
  columns: PdfRun[][];
  /** Runs across the gutter (a title over both columns), empty on a one-column page. */
  across: PdfRun[];
}

const BINS = 240;

/**
 * Finds two columns of text side by side: the widest band down the middle of the text that
 * hardly any run crosses, with a fair share of the text on each side, both sides running down the
 * same stretch of the page. A page without such a band is one column.
 * @example findColumns(runs).columns.length // 2 on a two-column page
 */
export function findColumns(runs: PdfRun[]): PageColumns {
  const one = { columns: [runs], across: [] };
  if (runs.length < 12) return one;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const run of runs) {
    min = Math.min(min, run.x0);
    max = Math.max(max, run.x1);
  }
  const span = max - min;
  if (!(span > 0)) return one;
  const counts = new Array<number>(BINS).fill(0);
  const bin = (x: number) => Math.min(BINS - 1, Math.max(0, Math.floor(((x - min) / span) * BINS)));
  for (const run of runs) for (let i = bin(run.x0); i <= bin(run.x1); i++) counts[i] = (counts[i] ?? 0) + 1;
  // Titles and page numbers may cross the gutter; body lines never do.
  const crossing = Math.max(1, Math.floor(runs.length * 0.04));
  let best: [number, number] | null = null;
  for (let i = Math.floor(BINS * 0.25); i < Math.ceil(BINS * 0.75); i++) {
    if ((counts[i] ?? 0) > crossing) continue;
    let j = i;
    while (j + 1 < BINS && (counts[j + 1] ?? 0) <= crossing) j++;
    if (!best || j - i > best[1] - best[0]) best = [i, j];
    i = j;
  }
  if (!best || best[1] - best[0] + 1 < BINS * 0.015) return one;
  const gutterLeft = min + (best[0] / BINS) * span;
  const gutterRight = min + ((best[1] + 1) / BINS) * span;
  const left: PdfRun[] = [];
  const right: PdfRun[] = [];
  const across: PdfRun[] = [];
  for (const run of runs) {
    if (run.x1 <= gutterRight && run.x0 < gutterLeft) left.push(run);
    else if (run.x0 >= gutterLeft && run.x1 > gutterRight) right.push(run);
    else across.push(run);
  }
  if (!sideBySide(left, right)) return one;
  return { columns: [left, right], across };
}

function sideBySide(left: PdfRun[], right: PdfRun[]): boolean {
  const chars = (runs: PdfRun[]) => runs.reduce((sum, run) => sum + run.text.length, 0);
  const l = chars(left);
  const r = chars(right);
  if (l < (l + r) * 0.2 || r < (l + r) * 0.2) return false;
  const lines = (runs: PdfRun[]) => new Set(runs.map((run) => Math.round(run.y))).size;
  if (lines(left) < 4 || lines(right) < 4) return false;
  const [l0, l1] = extent(left);
  const [r0, r1] = extent(right);
  const overlap = Math.min(l1, r1) - Math.max(l0, r0);
  return overlap > Math.min(l1 - l0, r1 - r0) * 0.5;
}

function extent(runs: PdfRun[]): [number, number] {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const run of runs) {
    low = Math.min(low, run.y);
    high = Math.max(high, run.y);
  }
  return [low, high];
}
