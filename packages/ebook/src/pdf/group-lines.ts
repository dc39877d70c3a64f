import type { PdfRun } from './pdf-line';

/** Runs on one baseline, the largest type deciding the baseline. */
export interface RunLine {
  y: number;
  size: number;
  runs: PdfRun[];
}

// Lines an item is compared with: text arrives almost in order, so the few latest lines suffice.
const RECENT_LINES = 6;

/**
 * Groups runs into lines by baseline: a run within a third of the type size of a line's baseline
 * belongs to it, and so does a smaller run raised above it (a note marker, an exponent).
 * @example groupLines([{ text: 'a', x0: 0, x1: 5, y: 100, size: 10 }, { text: 'b', x0: 9, x1: 14, y: 101, size: 10 }])
 *   // one line holding 'a' and 'b'
 */
export function groupLines(runs: PdfRun[]): RunLine[] {
  const sorted = [...runs].sort((a, b) => b.y - a.y || a.x0 - b.x0);
  const lines: RunLine[] = [];
  for (const run of sorted) {
    let target: RunLine | undefined;
    for (let i = lines.length - 1; i >= Math.max(0, lines.length - RECENT_LINES); i--) {
      const line = lines[i] as RunLine;
      if (sameLine(line, run)) {
        target = line;
        break;
      }
    }
    if (!target) {
      lines.push({ y: run.y, size: run.size, runs: [run] });
      continue;
    }
    target.runs.push(run);
    if (run.size > target.size * 1.15) {
      target.size = run.size;
      target.y = run.y;
    }
  }
  for (const line of lines) {
    line.runs.sort((a, b) => a.x0 - b.x0);
    for (const run of line.runs) {
      if (run.size < line.size * 0.85 && run.y - line.y > line.size * 0.15) run.sup = true;
    }
  }
  return lines.sort((a, b) => b.y - a.y);
}

function sameLine(line: RunLine, run: PdfRun): boolean {
  const big = Math.max(line.size, run.size);
  const small = Math.min(line.size, run.size);
  const dy = run.y - line.y;
  // Baselines within a third of the smaller type: a drop cap three lines tall is not on every line.
  if (Math.abs(dy) <= small * 0.35) return true;
  // A short smaller run raised above the larger one's baseline (either may have come first).
  if (small > big * 0.85 || small < big * 0.4) return false;
  if (
    run.size < line.size ? run.text.length > 4 : line.runs.length > 1 || (line.runs[0]?.text.length ?? 9) > 4
  )
    return false;
  const raised = run.size < line.size ? dy : -dy;
  return raised > 0 && raised <= big * 0.6;
}
