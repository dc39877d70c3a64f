import { joinLines, type PageMarkers, type PdfBlock } from './join-lines';
import type { PdfLine } from './pdf-line';
import type { WordSets } from './repair-hyphen';
import { pitchOf, type TextStats } from './text-stats';

/** Type this much larger than the body text is a heading. */
export const HEADING_RATIO = 1.15;

/**
 * The document's lines, page after page, as paragraphs and headings. A paragraph goes on across
 * lines, columns and pages until a wider gap than the line spacing, an indented line, a line that
 * ends short of the column's edge though the next word would have fitted, a change of type size,
 * or a line that `startsChapter` names. Lines in larger type than the body are headings, their
 * levels by size (the largest size is level 1).
 * @example buildPdfBlocks(lines, stats, words, new Map(), () => false)[0] // { kind: 'heading', level: 1, ... }
 */
export function buildPdfBlocks(
  lines: Iterable<PdfLine>,
  stats: TextStats,
  words: WordSets,
  markers: PageMarkers,
  startsChapter: (line: PdfLine) => boolean,
  headingSizes: number[],
): PdfBlock[] {
  const all = [...lines];
  const gapped = separatedByGaps(all, stats);
  const blocks: PdfBlock[] = [];
  let group: PdfLine[] = [];
  let breaks = new Set<PdfLine>();
  let heading = false;
  const flush = () => {
    const first = group[0];
    if (!first) return;
    const built = joinLines(group, words, markers, breaks);
    if (built.text !== '') {
      const level = heading ? headingLevel(first.size, headingSizes) : undefined;
      blocks.push({
        kind: heading ? 'heading' : 'paragraph',
        ...built,
        ...(level ? { level } : {}),
        page: first.page,
        y: first.y,
      });
    }
    group = [];
    breaks = new Set();
  };
  for (const line of all) {
    const isHeading = line.size >= stats.bodySize * HEADING_RATIO && /[\p{L}\p{N}]/u.test(line.text);
    const previous = group[group.length - 1];
    // Asked of every line in order: it keeps its place in the outline.
    const chapterStarts = startsChapter(line);
    let apart = !previous || chapterStarts || isHeading !== heading;
    if (!apart && previous) {
      const reason = isHeading
        ? sameHeading(previous, line)
          ? null
          : 'gap'
        : breakBetween(previous, line, stats);
      // Where paragraphs stand apart by a gap, lines set short without one are a poem's or an
      // address's: one block, line by line.
      if (gapped && (reason === 'short' || reason === 'indent') && previous.page === line.page)
        breaks.add(line);
      else apart = reason !== null;
    }
    if (apart) {
      flush();
      heading = isHeading;
    }
    group.push(line);
  }
  flush();
  return blocks;
}

function headingLevel(size: number, sizes: number[]): number {
  const rank = sizes.findIndex((s) => size >= s - 0.25);
  return Math.min(6, rank < 0 ? sizes.length : rank + 1);
}

function sameHeading(a: PdfLine, b: PdfLine): boolean {
  return a.page === b.page && Math.abs(a.size - b.size) < 0.5 && a.y - b.y > 0 && a.y - b.y <= b.size * 2.2;
}

type BreakReason = 'size' | 'gap' | 'indent' | 'short';

/** Why a new paragraph starts at line `b`, which follows `a` in reading order, or null. */
function breakBetween(a: PdfLine, b: PdfLine, stats: TextStats): BreakReason | null {
  const size = Math.max(a.size, b.size);
  if (Math.abs(a.size - b.size) > size * 0.1) return 'size';
  if (a.page === b.page && a.column === b.column) {
    const gap = a.y - b.y;
    if (gap <= 0 || gap > pitchOf(stats, b.size) * 1.4) return 'gap';
    if (b.x0 - a.x0 > b.size * 0.5 && b.x0 - b.left > b.size * 0.5) return 'indent';
  } else if (b.x0 - b.left > b.size * 0.5) return 'indent';
  return endsShort(a, b, stats) ? 'short' : null;
}

/** The line ended though the next line's first word would have fitted after it. */
function endsShort(a: PdfLine, b: PdfLine, stats: TextStats): boolean {
  if (/\p{L}[-\u00ad\u2010]$/u.test(a.text)) return false;
  const right = a.column === 0 ? Math.max(a.right, stats.right) : a.right;
  const first = b.text.match(/^\S+/)?.[0] ?? '';
  const perChar = (b.x1 - b.x0) / Math.max(1, b.text.length);
  return a.x1 + (first.length + 1) * perChar < right - b.size * 0.5;
}

/**
 * Whether the document sets its paragraphs apart by a gap (as calibre does): most lines that end
 * short are followed by a wider gap than the line spacing.
 */
function separatedByGaps(lines: PdfLine[], stats: TextStats): boolean {
  let short = 0;
  let gapped = 0;
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1] as PdfLine;
    const b = lines[i] as PdfLine;
    if (a.page !== b.page || a.column !== b.column || Math.abs(a.size - b.size) > 0.5) continue;
    if (Math.abs(a.size - stats.bodySize) > 0.5 || !endsShort(a, b, stats)) continue;
    short++;
    if (a.y - b.y > pitchOf(stats, b.size) * 1.4) gapped++;
  }
  return short >= 3 && gapped >= short * 0.6;
}
