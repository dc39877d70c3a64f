import { findColumns } from './find-columns';
import { groupLines, type RunLine } from './group-lines';
import type { PdfLine, PdfRun } from './pdf-line';

/**
 * A page's runs as lines in reading order: the left column, then the right one, with text across
 * both columns (a title) placed where it stands between them; a drop cap joined to its line.
 * @example readPageLines(toRuns(content.items), 3)[0].text // the page's first line
 */
export function readPageLines(runs: PdfRun[], page: number): PdfLine[] {
  const { columns, across } = findColumns(runs);
  const laidOut = columns.map((column, index) => toLines(column, page, columns.length > 1 ? index + 1 : 0));
  if (columns.length === 1) return laidOut[0] ?? [];
  const spanning = toLines(across, page, 0);
  const out: PdfLine[] = [];
  // Each line across the columns closes a band: the columns' lines above it, then the line itself.
  let taken = laidOut.map(() => 0);
  for (const cut of [...spanning, null]) {
    const floor = cut ? cut.y : Number.NEGATIVE_INFINITY;
    taken = laidOut.map((lines, i) => {
      let at = taken[i] ?? 0;
      while (at < lines.length && (lines[at] as PdfLine).y > floor) out.push(lines[at++] as PdfLine);
      return at;
    });
    if (cut) out.push(cut);
  }
  return out;
}

function toLines(runs: PdfRun[], page: number, column: number): PdfLine[] {
  const grouped = joinDropCaps(groupLines(runs)).filter((line) => {
    line.runs = withoutLineNumbers(line);
    return line.runs.length > 0;
  });
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  for (const line of grouped) {
    left = Math.min(left, line.runs[0]?.x0 ?? left);
    right = Math.max(right, line.runs[line.runs.length - 1]?.x1 ?? right);
  }
  return grouped.map((line) => {
    const first = line.runs[0] as PdfRun;
    const last = line.runs[line.runs.length - 1] as PdfRun;
    const out: PdfLine = {
      page,
      column,
      y: line.y,
      x0: first.x0,
      x1: last.x1,
      size: line.size,
      text: lineText(line.runs),
      left,
      right,
    };
    if (line.runs.some((run) => run.sup)) out.runs = line.runs;
    return out;
  });
}

/** Runs joined with a space where the gap between them is wider than a tight letter spacing. */
export function lineText(runs: PdfRun[]): string {
  let text = '';
  let previous: PdfRun | null = null;
  for (const run of runs) {
    if (previous && run.x0 - previous.x1 > Math.min(run.size, previous.size) * 0.12) text += ' ';
    text += run.text;
    previous = run;
  }
  return text;
}

/**
 * A drop cap (one or two letters in type at least twice the size of the text beside it) begins the
 * topmost line to its right that its height spans: "A" + "lice was beginning…".
 */
function joinDropCaps(lines: RunLine[]): RunLine[] {
  const caps = lines.filter(
    (line) => line.runs.length === 1 && /^\p{P}?\p{L}{1,2}$/u.test(line.runs[0]?.text ?? '') && line.size > 0,
  );
  if (caps.length === 0) return lines;
  const removed = new Set<RunLine>();
  for (const cap of caps) {
    const run = cap.runs[0] as PdfRun;
    const target = lines.find(
      (line) =>
        line !== cap &&
        !removed.has(line) &&
        line.size * 2 <= cap.size &&
        line.y >= cap.y - 2 &&
        line.y <= cap.y + cap.size &&
        (line.runs[0]?.x0 ?? 0) >= run.x1 - 1,
    );
    if (!target) continue;
    const first = target.runs[0] as PdfRun;
    // The line keeps its own left edge, so the lines wrapped beside the cap read as one paragraph.
    target.runs[0] = { ...first, text: run.text + first.text };
    removed.add(cap);
  }
  return lines.filter((line) => !removed.has(line));
}

const BARE_NUMBER = /^\d{1,5}$/;

/**
 * A verse or line number set far out in the margin beside a line (smaller, three ems away from the
 * text) is not part of it.
 */
function withoutLineNumbers(line: RunLine): PdfRun[] {
  const runs = line.runs;
  if (runs.length < 2) return runs;
  const apart = (run: PdfRun, next: PdfRun) => next.x0 - run.x1 > line.size * 3;
  const marginal = (run: PdfRun) => BARE_NUMBER.test(run.text) && run.size < line.size * 0.9;
  let from = 0;
  let to = runs.length;
  if (marginal(runs[0] as PdfRun) && apart(runs[0] as PdfRun, runs[1] as PdfRun)) from = 1;
  const last = runs[to - 1] as PdfRun;
  if (to - from > 1 && marginal(last) && apart(runs[to - 2] as PdfRun, last)) to -= 1;
  return from === 0 && to === runs.length ? runs : runs.slice(from, to);
}
