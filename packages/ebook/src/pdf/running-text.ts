import type { PdfLine } from './pdf-line';

/** Lines at each end of a page looked at for running heads, feet and page numbers. */
const EDGE_LINES = 2;
const PAGE_NUMBER =
  /^(?:[-–—(\s]*(?:\d{1,5}|[ivxlcdm]{1,8})[-–—)\s]*|(?:page|p\.|стр\.?|с\.|seite|pág\.?)\s*\d{1,5}(?:\s*(?:of|из|\/|von|de)\s*\d{1,5})?)$/i;

/**
 * Drops what the pages repeat rather than the book says: a line at the top or bottom of a page
 * whose text (digits aside) stands at the same height on several pages near one another (a
 * running head or foot),
 * a bare page number at either end of a page, and a bare number in smaller type anywhere (a line
 * number in the margin). Lines are dropped in place, page by page.
 * @example dropRunningText(pages, 11) // "Chapter One   17" at the top of pages 3-9 is gone
 */
export function dropRunningText(pages: PdfLine[][], bodySize: number): void {
  const seen = new Map<string, Set<number>>();
  const key = (line: PdfLine) =>
    `${Math.round(line.y / 4)}|${line.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ')}`;
  for (const lines of pages) {
    for (const line of edges(lines)) {
      const k = key(line);
      const on = seen.get(k) ?? new Set<number>();
      on.add(line.page);
      seen.set(k, on);
    }
  }
  const needed = Math.min(3, Math.max(2, Math.ceil(pages.length / 2)));
  for (let p = 0; p < pages.length; p++) {
    const lines = pages[p] as PdfLine[];
    const edge = new Set(edges(lines));
    pages[p] = lines.filter((line) => {
      const number = PAGE_NUMBER.test(line.text);
      if (number && line.size < bodySize * 0.9) return false;
      if (!edge.has(line)) return true;
      if (number && line.size <= bodySize * 1.1) return false;
      return !running(seen.get(key(line)), needed);
    });
  }
}

/**
 * A running head is on `needed` pages or more, most of them near one another (every page or every
 * other page): the same text far apart is the book repeating itself.
 */
function running(pages: Set<number> | undefined, needed: number): boolean {
  if (!pages || pages.size < needed) return false;
  const sorted = [...pages].sort((a, b) => a - b);
  let near = 0;
  for (let i = 1; i < sorted.length; i++) if ((sorted[i] as number) - (sorted[i - 1] as number) <= 2) near++;
  return near + 1 >= needed && near >= (sorted.length - 1) / 2;
}

/** The topmost and bottommost lines of a page, whatever their column. */
function edges(lines: PdfLine[]): PdfLine[] {
  if (lines.length <= EDGE_LINES * 2) return lines;
  const byHeight = [...lines].sort((a, b) => b.y - a.y);
  return [...byHeight.slice(0, EDGE_LINES), ...byHeight.slice(-EDGE_LINES)];
}
