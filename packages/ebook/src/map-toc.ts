import type { TocEntry } from './model';
import type { RawTocEntry } from './read-epub-toc';

/**
 * Turns archive-path TOC entries into chapter-id ones; entries pointing outside the chapters are
 * dropped and their children moved up.
 * @example mapToc(rawToc, new Map([['OEBPS/ch1.xhtml', 'c2']]))
 */
export function mapToc(entries: RawTocEntry[], chapterOf: Map<string, string>): TocEntry[] {
  const out: TocEntry[] = [];
  for (const entry of entries) {
    const children = mapToc(entry.children, chapterOf);
    const chapterId = chapterOf.get(entry.path);
    if (!chapterId) {
      out.push(...children);
      continue;
    }
    out.push({ title: entry.title, chapterId, children, ...(entry.fragment && { anchor: entry.fragment }) });
  }
  return out;
}

/**
 * Pairs two TOCs of the same shape (the parsed one and a relabelled copy) into original label ->
 * new label, for the labels that changed.
 * @example relabelMap(parsedToc, translatedToc).get('Chapter 1') // 'Capítulo 1'
 */
export function relabelMap(
  before: TocEntry[],
  after: TocEntry[],
  out = new Map<string, string>(),
): Map<string, string> {
  before.forEach((entry, i) => {
    const other = after[i];
    if (!other) return;
    if (other.title !== entry.title && !out.has(entry.title)) out.set(entry.title, other.title);
    relabelMap(entry.children, other.children, out);
  });
  return out;
}
