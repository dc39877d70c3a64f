import type { Block, Chapter, TocEntry } from '../model';
import { plainText } from '../placeholders';
import type { PdfBlock } from './join-lines';
import type { PdfLine } from './pdf-line';
import type { OutlineMark } from './read-outline';

/**
 * Where chapters start: the outline's top-level entries when it leads to at least two places,
 * else nothing (chapters then start at headings).
 */
export function chapterMarks(outline: OutlineMark[]): OutlineMark[] {
  const top = outline.filter((mark) => mark.depth === 1);
  const places = new Set(top.map((mark) => `${mark.page}:${mark.y}`));
  return places.size >= 2 ? top : [];
}

/** Whether a line is at or below a mark on the mark's page (a little slack above: the view's top). */
export function reaches(line: Pick<PdfLine, 'page' | 'y' | 'size'>, mark: OutlineMark): boolean {
  if (line.page !== mark.page) return line.page > mark.page;
  return mark.y === null || line.y <= mark.y + line.size * 0.5;
}

/**
 * The blocks in chapters, with the table of contents. With outline marks each top-level entry
 * starts a chapter titled by it (text before the first one is a chapter of its own) and deeper
 * entries are its TOC children, anchored at the block they lead to. Without marks a chapter starts
 * at each heading of the top level that occurs more than once (else the top level).
 * @example placeChapters(blocks, []).chapters[0].title // 'Chapter One'
 */
export function placeChapters(
  blocks: PdfBlock[],
  outline: OutlineMark[],
): { chapters: Chapter[]; toc: TocEntry[] } {
  const marks = chapterMarks(outline);
  const children = marks.length ? outline.filter((mark) => mark.depth > 1) : [];
  const chapterLevel = marks.length ? 0 : topLevel(blocks);
  const chapters: Chapter[] = [];
  const toc: TocEntry[] = [];
  let chapter: Chapter | null = null;
  // A chapter is made when its first block arrives: an entry leading where no text follows names none.
  let title: string | undefined;
  let fresh = true;
  let next = 0;
  let child = 0;
  for (const pdfBlock of blocks) {
    const at = { page: pdfBlock.page, y: pdfBlock.y, size: 0 };
    while (next < marks.length && reaches(at, marks[next] as OutlineMark)) {
      title = (marks[next++] as OutlineMark).title;
      fresh = true;
    }
    if (!marks.length && pdfBlock.kind === 'heading' && (pdfBlock.level ?? 9) <= chapterLevel) {
      title = plainText(pdfBlock.text).trim() || undefined;
      fresh = true;
    }
    if (fresh || !chapter) {
      const made: Chapter = {
        id: `c${chapters.length + 1}`,
        role: 'body',
        blocks: [],
        ...(title ? { title } : {}),
      };
      chapters.push(made);
      if (title) toc.push({ title, chapterId: made.id, children: [] });
      chapter = made;
      title = undefined;
      fresh = false;
    }
    const target: Chapter = chapter;
    const { page: _page, y: _y, ...rest } = pdfBlock;
    const block: Block = { id: `${target.id}.b${target.blocks.length + 1}`, ...rest };
    while (child < children.length && reaches(at, children[child] as OutlineMark)) {
      const mark = children[child++] as OutlineMark;
      block.anchor = block.id;
      const entry = { title: mark.title, chapterId: target.id, anchor: block.id, children: [] };
      const parent = toc[toc.length - 1];
      if (parent) parent.children.push(entry);
      else toc.push(entry);
    }
    target.blocks.push(block);
  }
  return { chapters, toc };
}

function topLevel(blocks: PdfBlock[]): number {
  const counts = new Map<number, number>();
  for (const block of blocks) {
    if (block.kind === 'heading') counts.set(block.level ?? 1, (counts.get(block.level ?? 1) ?? 0) + 1);
  }
  const levels = [...counts.keys()].sort((a, b) => a - b);
  return levels.find((level) => (counts.get(level) ?? 0) > 1) ?? levels[0] ?? 0;
}
