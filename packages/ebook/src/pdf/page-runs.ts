import type { PdfRun } from './pdf-line';

/** What pdf.js gives for one piece of text (its TextItem, the fields read here). */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
}

/**
 * The page's text items as runs: whitespace-only items dropped (gaps decide spaces), leading and
 * trailing spaces trimmed with the run's edges moved by as many average characters (a text file
 * printed by an office suite indents with spaces), and rotated text left out (margin notes, spine
 * lettering, watermarks: never the book's prose).
 * @example toRuns([{ str: '  Hello', transform: [10, 0, 0, 10, 50, 700], width: 35 }])
 *   // [{ text: 'Hello', x0: 60, x1: 85, y: 700, size: 10 }]
 */
export function toRuns(items: readonly unknown[]): PdfRun[] {
  const runs: PdfRun[] = [];
  for (const raw of items) {
    const item = raw as Partial<PdfTextItem>;
    if (typeof item.str !== 'string' || !item.transform || item.str.trim() === '') continue;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
    const size = Math.hypot(c, d);
    if (!(size > 0) || Math.abs(b) > size * 0.1 || Math.abs(c) > size * 0.1 || a < 0) continue;
    const width = Number.isFinite(item.width) && (item.width ?? 0) > 0 ? (item.width as number) : 0;
    const str = item.str;
    const start = str.length - str.trimStart().length;
    const text = str.trim();
    const perChar = width / str.length;
    const x0 = e + start * perChar;
    runs.push({ text, x0, x1: x0 + text.length * perChar, y: f, size });
  }
  return runs;
}
