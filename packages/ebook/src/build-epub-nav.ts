import type { BuildPlan } from './build-epub-chapter';
import { linkHref } from './build-epub-chapter';
import type { Book, TocEntry } from './model';
import { escapeAttr, escapeText } from './xml-query';

/** The TOC to write: the book's own, or one entry per titled chapter when it has none. */
export function tocOf(book: Book): TocEntry[] {
  if (book.toc.length > 0) return book.toc;
  return book.chapters.map((c, i) => ({ title: c.title ?? `${i + 1}`, chapterId: c.id, children: [] }));
}

function target(entry: TocEntry, plan: BuildPlan): string | undefined {
  return linkHref(entry.anchor ? `${entry.chapterId}#${entry.anchor}` : entry.chapterId, plan);
}

/** EPUB 3 navigation document (it lives beside the chapters in OEBPS/text/). */
export function navDocument(book: Book, plan: BuildPlan, langAttrs: string): string {
  const list = (entries: TocEntry[]): string => {
    const items = entries
      .map((e) => {
        const href = target(e, plan);
        const label = href
          ? `<a href="${escapeAttr(href)}">${escapeText(e.title)}</a>`
          : `<span>${escapeText(e.title)}</span>`;
        return `<li>${label}${e.children.length ? list(e.children) : ''}</li>`;
      })
      .join('\n');
    return `<ol>\n${items}\n</ol>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"${langAttrs}>
<head><title>${escapeText(book.metadata.title)}</title><link rel="stylesheet" type="text/css" href="../style.css"/></head>
<body>
<nav epub:type="toc" id="toc"><h1>${escapeText(book.metadata.title)}</h1>
${list(tocOf(book))}
</nav>
</body>
</html>
`;
}

/** NCX for EPUB 2 reading systems; paths are relative to OEBPS/. */
export function ncxDocument(book: Book, plan: BuildPlan, uid: string): string {
  let order = 0;
  let depth = 0;
  const points = (entries: TocEntry[], level: number): string =>
    entries
      .map((e) => {
        const href = target(e, plan);
        depth = Math.max(depth, level);
        const inner = points(e.children, level + 1);
        if (!href) return inner;
        order++;
        return `<navPoint id="np${order}" playOrder="${order}"><navLabel><text>${escapeText(e.title)}</text></navLabel><content src="text/${escapeAttr(href)}"/>${inner}</navPoint>`;
      })
      .join('\n');
  const map = points(tocOf(book), 1);
  const language = book.metadata.language;
  const lang = language ? ` xml:lang="${escapeAttr(language)}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"${lang}>
<head><meta name="dtb:uid" content="${escapeAttr(uid)}"/><meta name="dtb:depth" content="${Math.max(depth, 1)}"/><meta name="dtb:totalPageCount" content="0"/><meta name="dtb:maxPageNumber" content="0"/></head>
<docTitle><text>${escapeText(book.metadata.title)}</text></docTitle>
<navMap>
${map}
</navMap>
</ncx>
`;
}
