import type { InlineKind, PassageKind } from '@booktranslate/contract';
import {
  type Book,
  bookOutline,
  countWords,
  type InlineTag,
  type OutlineEntry,
  plainText,
} from '@booktranslate/ebook';
import { type ImageType, sniffImage } from '../books/sniff-image';

/** An inline element as the reader shows it: no source markup, an outside address only when safe. */
export interface ReaderInline {
  n: number;
  kind: InlineKind;
  href: string | null;
  label: string | null;
  /** For an image the reader shows: its id in `ReaderBook.images`. */
  image: string | null;
}

/** An image of the book as the reader serves it: the type read from its bytes. */
export interface ReaderImage {
  contentType: ImageType['contentType'];
  data: Uint8Array;
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
  /** The page's index in the reader (`?chapter=N`). */
  index: number;
  /** The chapter's name in the book's table of contents, without the page's number. */
  title: string;
  /** Nesting in the book's table of contents: 0 for a part (or a chapter of a book without parts). */
  depth: number;
  /** This page of the chapter (from 1) and how many it has: a long chapter is read in pages. */
  part: number;
  parts: number;
  blocks: ReaderBlock[];
}

/** What the reader needs of a book, kept in memory between requests (book-reader-cache.ts). */
export interface ReaderBook {
  /** The reader's pages in reading order: the book's table of contents, long chapters in pages. */
  chapters: ReaderChapter[];
  /** Every block in reading order. */
  blocks: ReaderBlock[];
  byId: Map<string, ReaderBlock>;
  /** The images passages show, by id ("i3": the book's fourth resource). */
  images: Map<string, ReaderImage>;
  /** Rough size in characters (and image bytes), for the cache's bound. */
  size: number;
}

/**
 * The most passages one page of the reader holds. A chapter with more (a plain-text book without
 * headings is one chapter, and a long chapter of a novel may hold thousands) is read in pages of
 * about equal size inside its named chapter, so one answer and one page stay small.
 */
export const PASSAGES_PER_PAGE = 400;

/**
 * The reader's view of a parsed book: the book's own table of contents, nested (part -> chapter),
 * FB2 and EPUB alike (`bookOutline`), each entry a page or, past `perPage` passages, several pages
 * of the same named chapter; blocks with their placeholder text and safe inlines. An entry without
 * a name takes its first heading, else "Opening pages" before the first entry, else "Chapter N".
 * @example readerBook(book).chapters.map((c) => c.title) // ['PART I', 'CHAPTER 1', ...]
 */
export function readerBook(book: Book, perPage = PASSAGES_PER_PAGE): ReaderBook {
  const chapters: ReaderChapter[] = [];
  const blocks: ReaderBlock[] = [];
  const images = readerImages(book);
  let size = 0;
  for (const chapter of book.chapters)
    for (const block of chapter.blocks) {
      size += block.text.length + 64 * (block.inlines.length + 1);
      blocks.push({
        id: block.id,
        kind: block.kind,
        text: block.text,
        inlines: new Map(block.inlines.map((tag) => [tag.n, readerInline(tag, images)])),
        words: countWords(block.text),
        chapter: 0,
        position: blocks.length,
      });
    }
  const outline = bookOutline(book);
  outline.forEach((entry, i) => {
    const own = blocks.slice(entry.start, entry.end);
    const title = entryTitle(entry, own, i, outline.length === 1 ? book.metadata.title : '');
    const parts = Math.max(1, Math.ceil(own.length / perPage));
    const partSize = Math.ceil(own.length / parts);
    for (let part = 0; part < parts; part++) {
      const index = chapters.length;
      const slice = own.slice(part * partSize, (part + 1) * partSize);
      for (const block of slice) block.chapter = index;
      chapters.push({ index, title, depth: entry.depth, part: part + 1, parts, blocks: slice });
    }
  });
  const shown = new Map<string, ReaderImage>();
  for (const block of blocks)
    for (const inline of block.inlines.values()) {
      const image = inline.image === null ? undefined : images.byId.get(inline.image);
      if (image && inline.image) shown.set(inline.image, image);
    }
  for (const image of shown.values()) size += image.data.length;
  return { chapters, blocks, byId: new Map(blocks.map((b) => [b.id, b])), images: shown, size };
}

function entryTitle(entry: OutlineEntry, blocks: ReaderBlock[], index: number, whole: string): string {
  if (entry.title) return entry.title.slice(0, 300);
  const heading = blocks.find((b) => b.kind === 'heading');
  const text = heading ? plainText(heading.text).replace(/\s+/g, ' ').trim() : '';
  if (text) return text.slice(0, 300);
  // A book that is one untitled chapter (plain text without headings) is read under its own title.
  if (whole.trim()) return whole.trim().slice(0, 300);
  return entry.start === 0 && !entry.chapter ? 'Opening pages' : `Chapter ${index + 1}`;
}

/**
 * The image bytes a reader's page may show, within this bound per book: a book with more (an art
 * book) shows the rest by their labels, so it still fits the reader's cache (decision 238).
 */
export const READER_IMAGE_BYTES = 8 * 1024 * 1024;

/**
 * The book's raster images (JPEG, PNG, GIF, WebP, by their bytes, never by the type the book
 * declares) by href, each with an id; SVG is never served (it may carry scripts). Bounded in bytes.
 */
function readerImages(book: Book): { byHref: Map<string, string>; byId: Map<string, ReaderImage> } {
  const byHref = new Map<string, string>();
  const byId = new Map<string, ReaderImage>();
  let bytes = 0;
  book.resources.forEach((resource, i) => {
    if (!resource.mediaType.startsWith('image/') || bytes + resource.data.length > READER_IMAGE_BYTES) return;
    const type = sniffImage(resource.data);
    if (!type || type.contentType === 'image/svg+xml') return;
    bytes += resource.data.length;
    byHref.set(resource.href, `i${i}`);
    byId.set(`i${i}`, { contentType: type.contentType, data: resource.data });
  });
  return { byHref, byId };
}

function readerInline(tag: InlineTag, images: ReturnType<typeof readerImages>): ReaderInline {
  return {
    n: tag.n,
    kind: tag.kind,
    href: tag.kind === 'link' || tag.kind === 'noteref' ? safeHref(tag.href) : null,
    label: tag.alt ?? tag.attrs?.alt ?? null,
    image: tag.kind === 'image' && tag.href ? (images.byHref.get(tag.href) ?? null) : null,
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
