import { BlockBuilder } from '../build-block';
import type { Block } from '../model';
import type { PdfLine, PdfRun } from './pdf-line';
import { joinsWithoutHyphen, LINE_END_HYPHEN, type WordSets } from './repair-hyphen';

/** A paragraph or heading of the PDF before it is placed in a chapter. */
export interface PdfBlock extends Pick<Block, 'kind' | 'text' | 'inlines' | 'level'> {
  page: number;
  y: number;
}

/** Note markers of each page, marker → note id. */
export type PageMarkers = Map<number, Map<string, string>>;

/**
 * The text of one block from its lines: lines joined with a space, a word broken by a line-end
 * hyphen put back together (see joinsWithoutHyphen), and a raised note marker whose note was found
 * made a 'noteref' (its href `#noteId`, completed with the notes chapter later); a line in
 * `lineBreaks` starts after a line break, as a poem's line does.
 * @example joinLines([line('a trans-'), line('lation')], words, new Map()).text // 'a translation'
 */
export function joinLines(
  lines: PdfLine[],
  words: WordSets,
  markers: PageMarkers,
  lineBreaks: ReadonlySet<PdfLine> = new Set(),
): Pick<Block, 'text' | 'inlines'> {
  const builder = new BlockBuilder();
  let pending = '';
  const flush = () => {
    builder.text(pending);
    pending = '';
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as PdfLine;
    if (i > 0) {
      const first = line.runs ? (line.runs[0]?.text ?? '') : line.text;
      if (lineBreaks.has(line)) {
        flush();
        builder.empty({ kind: 'linebreak', tag: 'br' });
      } else if (LINE_END_HYPHEN.test(pending) && /^[\p{L}\p{M}]/u.test(first)) {
        if (joinsWithoutHyphen(pending, first, words)) pending = pending.slice(0, -1);
      } else pending += ' ';
    }
    const onPage = markers.get(line.page);
    if (!line.runs || !onPage) {
      pending += line.text;
      continue;
    }
    let last: PdfRun | null = null;
    for (const run of line.runs) {
      if (last && run.x0 - last.x1 > Math.min(run.size, last.size) * 0.12) pending += ' ';
      const noteId = run.sup ? onPage.get(run.text.trim()) : undefined;
      if (noteId) {
        flush();
        const n = builder.open({ kind: 'noteref', href: `#${noteId}` });
        builder.text(run.text.trim());
        builder.close(n);
      } else pending += run.text;
      last = run;
    }
  }
  flush();
  return builder.finish();
}
