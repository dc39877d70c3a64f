import type { PdfLine } from './pdf-line';
import { lineText } from './read-page-lines';

/** A footnote found at the foot of a page. */
export interface PdfNote {
  /** The marker as the body writes it ("1", "*"). */
  marker: string;
  noteId: string;
  page: number;
  /** The note's text, its marker left out. */
  lines: string[];
}

const MARKER = /^(\d{1,3}|[*†‡§¶]{1,3})[.)]?\s+(?=\S)/u;

/**
 * Takes the footnotes off a page: lines in smaller type than the body at the foot of the page,
 * each note starting with a marker that a raised marker in the page's body text also shows. The
 * page's lines are returned without them; body markers are left for the paragraphs to link.
 * @example findFootnotes(lines, 11).notes[0] // { marker: '1', noteId: 'fn3-1', lines: ['See the preface.'] }
 */
export function findFootnotes(lines: PdfLine[], bodySize: number): { lines: PdfLine[]; notes: PdfNote[] } {
  const markers = new Set<string>();
  for (const line of lines) {
    if (line.size < bodySize * 0.92) continue;
    for (const run of line.runs ?? []) if (run.sup) markers.add(run.text.trim());
  }
  if (markers.size === 0) return { lines, notes: [] };
  // The foot of the page: the small lines below the lowest body line.
  let lowestBody = Number.NEGATIVE_INFINITY;
  for (const line of lines) if (line.size >= bodySize * 0.92) lowestBody = Math.max(lowestBody, line.y);
  const foot = lines.filter((line) => line.y < lowestBody && line.size < bodySize * 0.92);
  foot.sort((a, b) => b.y - a.y);
  const notes: PdfNote[] = [];
  const taken = new Set<PdfLine>();
  let current: PdfNote | null = null;
  for (const line of foot) {
    const split = splitMarker(line);
    if (split && markers.has(split.marker) && !notes.some((note) => note.marker === split.marker)) {
      current = {
        marker: split.marker,
        noteId: `fn${line.page}-${notes.length + 1}`,
        page: line.page,
        lines: [split.rest],
      };
      notes.push(current);
      taken.add(line);
    } else if (current) {
      current.lines.push(line.text);
      taken.add(line);
    }
  }
  if (notes.length === 0) return { lines, notes };
  return { lines: lines.filter((line) => !taken.has(line)), notes };
}

function splitMarker(line: PdfLine): { marker: string; rest: string } | null {
  const first = line.runs?.[0];
  if (first?.sup && line.runs && line.runs.length > 1) {
    return { marker: first.text.trim(), rest: lineText(line.runs.slice(1)) };
  }
  const match = line.text.match(MARKER);
  if (!match) return null;
  return { marker: match[1] as string, rest: line.text.slice(match[0].length) };
}
