import type { PdfLine } from './pdf-line';

/** What the whole document's lines say about its body text. */
export interface TextStats {
  /** The type size most characters are set in. */
  bodySize: number;
  /** Distance from one baseline to the next inside a paragraph, by type size (rounded to 0.5). */
  pitch: Map<number, number>;
  /** The right edge of the text on a typical one-column page. */
  right: number;
}

const half = (size: number) => Math.round(size * 2) / 2;

/**
 * Body type size, line pitch and text width over the document.
 * @example textStats(pages).bodySize // 11
 */
export function textStats(pages: PdfLine[][]): TextStats {
  const chars = new Map<number, number>();
  const gaps = new Map<number, number[]>();
  const rights: number[] = [];
  for (const lines of pages) {
    let previous: PdfLine | null = null;
    for (const line of lines) {
      const size = half(line.size);
      chars.set(size, (chars.get(size) ?? 0) + line.text.length);
      if (previous && previous.column === line.column && half(previous.size) === size) {
        const gap = previous.y - line.y;
        const list = gaps.get(size) ?? [];
        if (gap > 0 && list.length < 2000) list.push(gap);
        gaps.set(size, list);
      }
      previous = line;
    }
    const first = lines[0];
    if (first && lines.every((line) => line.column === 0)) rights.push(first.right);
  }
  let bodySize = 0;
  let most = -1;
  for (const [size, count] of chars) {
    if (count > most) [bodySize, most] = [size, count];
  }
  const pitch = new Map<number, number>();
  for (const [size, list] of gaps) pitch.set(size, median(list));
  return { bodySize, pitch, right: median(rights) };
}

/** The baseline distance expected between two lines of one paragraph in this type size. */
export function pitchOf(stats: TextStats, size: number): number {
  return stats.pitch.get(half(size)) || size * 1.2;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}
