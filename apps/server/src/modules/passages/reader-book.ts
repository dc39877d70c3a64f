import type { InlineKind, PassageKind } from '@booktranslate/contract';
import { type Book, countWords, type InlineTag, plainText } from '@booktranslate/ebook';

/** An inline element as the reader shows it: no source markup, an outside address only when safe. */
export interface ReaderInline {
  n: number;
  kind: InlineKind;
  href: string | null;
  label: string | null;
}

export interface ReaderBlock {
  id: string;
  kind: PassageKind;
  /** Placeholder text of the source. */
  text: string;
  inlines: Map<number, ReaderInline>;
  words: number;
  chapter: number;
  /** Position in the whole book's reading order. */
  position: number;
}

export interface ReaderChapter {
  index: number;
  title: string;
  blocks: ReaderBlock[];
}

/** What the reader needs of a book, kept in memory between requests (book-reader-cache.ts). */
export interface ReaderBook {
  chapters: ReaderChapter[];
  /** Every block in reading order. */
  blocks: ReaderBlock[];
  byId: Map<string, ReaderBlock>;
  /** Rough size in characters, for the cache's bound. */
  size: number;
}

/**
 * The most passages one page of the reader holds. A book's chapter with more (a plain-text book
 * without headings is one chapter, and a long part of a novel may hold thousands) is shown in parts
 * of about equal size, so one answer and one page stay small.
 */
export const PASSAGES_PER_PAGE = 400;

/**
 * The reader's view of a parsed book: chapters in reading order with a title each (the chapter's,
 * else its first heading, else "Chapter N"; "(part 2 of 5)" after it for a chapter shown in parts),
 * blocks with their placeholder text and safe inlines.
 * @example readerBook(book).chapters[0].title // 'CHAPTER 1'
 */
export function readerBook(book: Book, perPage = PASSAGES_PER_PAGE): ReaderBook {
  const chapters: ReaderChapter[] = [];
  const blocks: ReaderBlock[] = [];
  let size = 0;
  book.chapters.forEach((chapter, bookIndex) => {
    const own: ReaderBlock[] = chapter.blocks.map((block) => {
      size += block.text.length + 64 * (block.inlines.length + 1);
      return {
        id: block.id,
        kind: block.kind,
        text: block.text,
        inlines: new Map(block.inlines.map((tag) => [tag.n, readerInline(tag)])),
        words: countWords(block.text),
        chapter: 0,
        position: 0,
      };
    });
    for (const block of own) {
      block.position = blocks.length;
      blocks.push(block);
    }
    const title = chapterTitle(chapter.title, own, bookIndex);
    const parts = Math.max(1, Math.ceil(own.length / perPage));
    const partSize = Math.ceil(own.length / parts);
    // A book that is one untitled chapter (plain text without headings) has parts, not "Chapter 1".
    const untitledWhole = book.chapters.length === 1 && title === fallbackTitle(bookIndex);
    for (let part = 0; part < parts; part++) {
      const index = chapters.length;
      const slice = own.slice(part * partSize, (part + 1) * partSize);
      for (const block of slice) block.chapter = index;
      const label = `${part + 1} of ${parts}`;
      const pageTitle = parts === 1 ? title : untitledWhole ? `Part ${label}` : `${title} (part ${label})`;
      chapters.push({ index, title: pageTitle, blocks: slice });
    }
  });
  return { chapters, blocks, byId: new Map(blocks.map((b) => [b.id, b])), size };
}

function chapterTitle(title: string | undefined, blocks: ReaderBlock[], index: number): string {
  if (title?.trim()) return title.trim().slice(0, 300);
  const heading = blocks.find((b) => b.kind === 'heading');
  const text = heading ? plainText(heading.text).replace(/\s+/g, ' ').trim() : '';
  return text ? text.slice(0, 300) : fallbackTitle(index);
}

function fallbackTitle(index: number): string {
  return `Chapter ${index + 1}`;
}

function readerInline(tag: InlineTag): ReaderInline {
  return {
    n: tag.n,
    kind: tag.kind,
    href: tag.kind === 'link' || tag.kind === 'noteref' ? safeHref(tag.href) : null,
    label: tag.alt ?? tag.attrs?.alt ?? null,
  };
}

/**
 * Only outside addresses a browser may open as they are: http(s) and mailto. Links inside the book,
 * javascript: and everything else are null.
 * @example safeHref('javascript:alert(1)') // null
 */
export function safeHref(href: string | undefined): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  return /^(?:https?:\/\/|mailto:)[^\s]+$/i.test(trimmed) ? trimmed : null;
}
