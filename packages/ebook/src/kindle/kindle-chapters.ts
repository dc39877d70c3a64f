import { extractBlocks } from '../extract-blocks';
import { mapToc } from '../map-toc';
import type { Chapter, TocEntry } from '../model';
import type { RawTocEntry } from '../read-epub-toc';
import { readableText } from '../readable-text';
import { serializeXhtml } from '../serialize-xhtml';
import { checkBlocks, checkChapters, checkText } from '../structure-limits';
import { parseXml } from '../xml-dom';
import { keepLostAnchors } from './keep-lost-anchors';
import { markKindleNotes } from './mark-kindle-notes';
import type { KindleDoc } from './read-kf8';

/**
 * Turns the content documents of a Kindle book into chapters of blocks with the EPUB reader's
 * machinery (lenient XHTML parsing, extractBlocks), and their links and TOC into chapter ids.
 * Documents without a block (a cover page, an empty file) make no chapter.
 * @example kindleChapters([{ path: 'part0000.xhtml', xhtml }], []).chapters[0].id // 'c1'
 */
export function kindleChapters(
  docs: KindleDoc[],
  rawToc: RawTocEntry[],
): { chapters: Chapter[]; toc: TocEntry[] } {
  const chapterOf = new Map<string, string>();
  const read: Chapter[] = [];
  let blocks = 0;
  let chars = 0;
  docs.forEach((doc, index) => {
    checkChapters(index + 1);
    let parsed = parseXml(doc.xhtml, { lenient: true, name: doc.path });
    // Written out well-formed and parsed again, as the EPUB reader does, so offsets are exact.
    if (parsed.repaired) parsed = parseXml(serializeXhtml(parsed.root, 3), { name: doc.path });
    const id = `c${index + 1}`;
    const spans = extractBlocks(parsed, doc.path, id);
    keepLostAnchors(parsed, spans);
    blocks += spans.length;
    checkBlocks(blocks);
    for (const span of spans) chars += span.block.text.length;
    checkText(chars);
    if (spans.length === 0) return;
    chapterOf.set(doc.path, id);
    read.push({ id, href: doc.path, blocks: spans.map((span) => span.block) });
  });
  const home = anchorHomes(read);
  const toChapterHref = (href: string) => {
    const hash = href.indexOf('#');
    const path = hash < 0 ? href : href.slice(0, hash);
    const anchor = hash < 0 ? '' : href.slice(hash + 1);
    // A target whose document made no chapter still lands where its anchor went, if anywhere.
    const chapterId = chapterOf.get(path) ?? (anchor ? home.get(anchor) : undefined);
    return chapterId ? chapterId + (hash < 0 ? '' : href.slice(hash)) : href;
  };
  for (const { blocks } of read)
    for (const block of blocks)
      for (const tag of block.inlines) if (tag.href) tag.href = toChapterHref(tag.href);
  markKindleNotes(read);
  const mapped = mapToc(rawToc, chapterOf);
  const titles = new Map<string, string>();
  const collect = (entries: TocEntry[]) => {
    for (const entry of entries) {
      if (!titles.has(entry.chapterId)) titles.set(entry.chapterId, entry.title);
      collect(entry.children);
    }
  };
  collect(mapped);
  const chapters = read.map(({ id, href, blocks }): Chapter => {
    const notes = blocks.filter((b) => b.kind === 'note').length;
    const heading = blocks.find((b) => b.kind === 'heading');
    const title =
      titles.get(id) ??
      (heading ? readableText(heading.text, heading.inlines).replace(/\s+/g, ' ').trim() : undefined);
    return {
      id,
      ...(href && { href }),
      role: notes > blocks.length / 2 ? 'notes' : 'body',
      blocks,
      ...(title && { title }),
    };
  });
  // A book without a TOC index still gets one: its chapters, by their headings.
  const toc =
    mapped.length > 0
      ? mapped
      : chapters.flatMap((c) => (c.title ? [{ title: c.title, chapterId: c.id, children: [] }] : []));
  return { chapters, toc };
}

// Which chapter holds each anchor: block anchors and aliases, and ids on inline elements.
function anchorHomes(chapters: { id: string; blocks: Chapter['blocks'] }[]): Map<string, string> {
  const home = new Map<string, string>();
  for (const chapter of chapters)
    for (const block of chapter.blocks) {
      for (const key of [block.anchor, block.noteId, ...(block.aliases ?? [])])
        if (key && !home.has(key)) home.set(key, chapter.id);
      for (const tag of block.inlines) {
        const id = tag.attrs?.id;
        if (id && !home.has(id)) home.set(id, chapter.id);
      }
    }
  return home;
}
