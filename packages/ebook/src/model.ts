/**
 * The Book model shared by every reader and writer, the translator and the server.
 *
 * A block's `text` is its "placeholder text": the visible text with inline markup replaced by
 * numbered placeholders, so a translator sees prose and the writer can put every tag back.
 *   paired tag:      <g1>emphasised words</g1>
 *   standalone tag:  <x2/>            (line break, image, empty anchor, note reference without text)
 * Numbers are unique within a block and refer to `Block.inlines[n]`.
 * Literal '<', '>' and '&' in prose are kept as the characters themselves; only the exact
 * placeholder forms above are markup (see placeholders.ts).
 */

/**
 * Every format a book can be read from. EPUB, FB2 and TXT are also written from any of them; DOCX
 * and Markdown are written only from a book read from the same format (their source rewritten in
 * place); PDF, AZW3 and MOBI are read only.
 */
export type BookFormat = 'epub' | 'fb2' | 'txt' | 'pdf' | 'docx' | 'azw3' | 'mobi' | 'md';

export type BlockKind =
  | 'paragraph'
  | 'heading'
  | 'list-item'
  | 'table-cell'
  | 'blockquote'
  | 'poem-line'
  | 'note'
  | 'caption'
  | 'epigraph'
  | 'preformatted';

export type InlineKind =
  | 'emphasis'
  | 'strong'
  | 'link'
  | 'noteref'
  | 'ruby'
  | 'span'
  | 'linebreak'
  | 'code'
  | 'superscript'
  | 'subscript'
  | 'strikethrough'
  | 'image'
  | 'other';

export interface InlineTag {
  /** Placeholder number, unique within the block. */
  n: number;
  kind: InlineKind;
  /** True for <xN/> placeholders (no text inside). */
  empty: boolean;
  /** Source element name and attributes, so the same-format writer restores the tag exactly. */
  tag?: string;
  attrs?: Record<string, string>;
  /**
   * Resolved link target: `chapterId#anchor` (or `chapterId`) inside the book, or an external URL.
   * For images, the resource href (EPUB archive path / FB2 binary id).
   */
  href?: string;
  /** Source markup of an opaque inline element (inline SVG, MathML, img), restored verbatim. */
  raw?: string;
  /**
   * Text standing for an opaque element where it cannot be shown (FB2, TXT): a formula's MathML
   * `alttext` when it describes the formula (translated like a label, and written back into the
   * EPUB's `alttext`), else its tokens in reading order (symbols, never translated).
   */
  alt?: string;
}

export interface Block {
  /** Stable id, unique in the book, the same on every parse of the same bytes (e.g. "c3.b17"). */
  id: string;
  kind: BlockKind;
  /** Heading level 1-6 for kind 'heading'. */
  level?: number;
  /** Placeholder text (see the file comment). */
  text: string;
  inlines: InlineTag[];
  /** Element id / anchor of the block in the source, kept so links and notes still point at it. */
  anchor?: string;
  /**
   * Other ids that point at this block: ids of the sections or divs around it (EPUB), so links and
   * TOC entries to a container still land here when the book is written in another format.
   */
  aliases?: string[];
  /** For kind 'note': the note's own id that note references point to. */
  noteId?: string;
  /** Placeholder text in the source language, set by applyTranslation for bilingual layouts. */
  original?: string;
  /** 'svg': the text of an SVG `<text>` element, written back in place (never shown twice). */
  origin?: 'svg';
}

export interface Chapter {
  id: string;
  title?: string;
  /** EPUB: the content document's path inside the archive. */
  href?: string;
  /** 'notes' for FB2 notes bodies and EPUB endnote documents. */
  role?: 'body' | 'notes';
  blocks: Block[];
}

export interface TocEntry {
  title: string;
  chapterId: string;
  anchor?: string;
  children: TocEntry[];
}

export interface Resource {
  /** EPUB: archive path; FB2: binary id. */
  href: string;
  mediaType: string;
  data: Uint8Array;
}

export interface BookMetadata {
  title: string;
  authors: string[];
  /** BCP 47 code as declared by the book, or null when it declares none. */
  language: string | null;
  /** Language of the blocks' `original` texts: the source language, set by applyTranslation. */
  sourceLanguage?: string | null;
  description?: string;
  publisher?: string;
  identifiers: { scheme?: string; value: string }[];
  date?: string;
  /**
   * The series the book declares (EPUB belongs-to-collection or calibre:series, FB2 <sequence>)
   * and its place in it.
   */
  series?: { name: string; index?: number };
}

export interface Book {
  format: BookFormat;
  metadata: BookMetadata;
  /** Cover image, when the book has one. */
  cover?: Resource;
  chapters: Chapter[];
  toc: TocEntry[];
  /**
   * The navigation document's words besides its TOC (each nav's heading, the landmarks' labels), in
   * document order: translated like TOC labels, put back by the EPUB writer in the same order.
   */
  navLabels?: string[];
  /** Images, stylesheets, fonts carried through to the writers. */
  resources: Resource[];
  /** Character encoding the source was decoded from (TXT, FB2). */
  encoding?: string;
  /**
   * PDF: the numbers (from 1) of the pages that hold no text (scanned pages inside a text PDF),
   * named in the quote because their words cannot be translated.
   */
  textlessPages?: number[];
  /** Source bytes, kept so an EPUB can be rewritten in place with only its text changed. */
  source?: Uint8Array;
}
