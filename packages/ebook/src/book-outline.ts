import type { Book, TocEntry } from './model';
import { plainText } from './placeholders';

/** One entry of a book's outline: a named stretch of its blocks in reading order. */
export interface OutlineEntry {
  /** The table of contents' label, the chapter's title or its first heading; null when it has none. */
  title: string | null;
  /** Nesting in the table of contents: 0 for a part (or a chapter of a book without parts). */
  depth: number;
  /** First block, as a position in the whole book's reading order (chapters' blocks one after another). */
  start: number;
  /** Position after the last block (equal to `start` for an entry with no text of its own). */
  end: number;
  /**
   * True for what a reader calls a chapter: an entry of the table of contents with no entries
   * inside it (a part is not one), or a chapter of a book without a table of contents. Front
   * matter before the first entry and notes are not chapters.
   */
  chapter: boolean;
}

interface Start {
  title: string | null;
  depth: number;
  at: number;
  chapter: boolean;
}

/**
 * The book's own table of contents laid over its blocks, nested as the book nests it (part ->
 * chapter -> section), FB2 and EPUB alike: each entry runs from the block its link points at to the
 * next entry. Text before the first entry is one untitled front entry, a notes chapter the table
 * does not list is an entry of its own, and a document the table skips (an EPUB chapter split in
 * two files) continues the entry before it. Entries pointing backwards are dropped. A book without
 * a table of contents has one entry per chapter.
 * @example bookOutline(fb2).map((e) => [e.depth, e.title]) // [[0, 'PART I'], [1, 'CHAPTER 1'], ...]
 */
export function bookOutline(book: Book): OutlineEntry[] {
  const first = new Map<string, number>();
  const anchors = new Map<string, number>();
  let total = 0;
  for (const chapter of book.chapters) {
    first.set(chapter.id, total);
    for (const block of chapter.blocks) {
      for (const id of [block.anchor, ...(block.aliases ?? [])])
        if (id && !anchors.has(`${chapter.id}#${id}`)) anchors.set(`${chapter.id}#${id}`, total);
      total++;
    }
  }
  const starts: Start[] = [];
  const listed = new Set<string>();
  if (book.toc.length > 0) {
    const walk = (entries: TocEntry[], depth: number) => {
      for (const entry of entries) {
        const at = entry.anchor
          ? (anchors.get(`${entry.chapterId}#${entry.anchor}`) ?? first.get(entry.chapterId))
          : first.get(entry.chapterId);
        const last = starts[starts.length - 1];
        const kept = at !== undefined && (!last || at >= last.at);
        if (kept) {
          listed.add(entry.chapterId);
          const title = entry.title.replace(/\s+/g, ' ').trim();
          starts.push({ title: title || null, depth, at, chapter: true });
        }
        const before = starts.length;
        walk(entry.children, kept ? depth + 1 : depth);
        if (kept && starts.length > before) (starts[before - 1] as Start).chapter = false;
      }
    };
    walk(book.toc, 0);
  }
  if (starts.length === 0) {
    for (const chapter of book.chapters)
      if (chapter.role !== 'notes')
        starts.push({
          title: chapterName(book, chapter.id),
          depth: 0,
          at: first.get(chapter.id) ?? 0,
          chapter: true,
        });
  }
  for (const chapter of book.chapters)
    if (chapter.role === 'notes' && !listed.has(chapter.id))
      starts.push({
        title: chapterName(book, chapter.id) ?? 'Notes',
        depth: 0,
        at: first.get(chapter.id) ?? 0,
        chapter: false,
      });
  starts.sort((a, b) => a.at - b.at);
  const head = starts[0];
  const opening = book.chapters[0];
  if (total > 0 && opening && (!head || head.at > 0))
    starts.unshift({
      title: listed.has(opening.id) ? null : chapterName(book, opening.id),
      depth: 0,
      at: 0,
      chapter: false,
    });
  return starts.map((s, i) => ({
    title: s.title,
    depth: s.depth,
    start: s.at,
    end: starts[i + 1]?.at ?? total,
    chapter: s.chapter,
  }));
}

/**
 * How many chapters the book has, as the reader lists them: the entries of `bookOutline` that are
 * chapters (at least one for a book with text).
 * @example countChapters(dumasFb2) // 77 (two parts are not chapters)
 */
export function countChapters(book: Book): number {
  const outline = bookOutline(book);
  return Math.max(outline.some((e) => e.end > e.start) ? 1 : 0, outline.filter((e) => e.chapter).length);
}

/** A chapter's own title, else its first heading, else null. */
function chapterName(book: Book, id: string): string | null {
  const chapter = book.chapters.find((c) => c.id === id);
  if (!chapter) return null;
  const own = chapter.title?.replace(/\s+/g, ' ').trim();
  if (own) return own;
  const heading = chapter.blocks.find((b) => b.kind === 'heading');
  const text = heading ? plainText(heading.text).replace(/\s+/g, ' ').trim() : '';
  return text || null;
}
