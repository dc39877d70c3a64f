import type { BlockKind, InlineTag } from '../model';

/**
 * How an inline element was written in the Markdown source, so the in-place writer can put the same
 * syntax around a translated text.
 */
export interface InlineSyntax {
  /** The element's whole source text, written for an empty placeholder or when `keep` is set. */
  source: string;
  /** Written before and after the translated text inside a paired placeholder (`*`, `[` … `](url)`). */
  open?: string;
  close?: string;
  /** The source is written as it is and the text inside is not: code, autolinks, note references. */
  keep?: true;
  /** A hard line break: what ends the line (two spaces or a backslash), the writer adds the newline. */
  lineEnd?: string;
}

/** Where a link points before the whole document is read: an anchor, a definition or a footnote. */
export type InlineTarget =
  | { type: 'url'; url: string }
  | { type: 'definition'; id: string }
  | { type: 'footnote'; id: string };

/** One block as found in the source: its text, and where and how it is written there. */
export interface SourceBlock {
  kind: BlockKind;
  level?: number;
  text: string;
  inlines: InlineTag[];
  /** `syntax[n - 1]` and `targets[n - 1]` belong to placeholder n. */
  syntax: InlineSyntax[];
  targets: (InlineTarget | undefined)[];
  /** The span of the block's text in the document (offsets into the decoded text). */
  start: number;
  end: number;
  /** End of the block's element: a heading's underline or closing hashes end here. */
  after: number;
  /** What starts each new line written inside the block's containers: `> `, list indentation. */
  prefix: string;
  /** Text of a raw HTML block: written back HTML-escaped, never as Markdown. */
  html?: true;
  /** Ids that point at this block: heading slugs, ids of HTML elements before or in it. */
  anchors: string[];
  /** Footnote identifier for the blocks of a footnote definition. */
  footnote?: string;
  /** Index of the verse group (pandoc's line groups) a poem line belongs to. */
  stanza?: number;
  /** A table cell's table (counted from 1 in the document) and row; the first row is the header. */
  table?: { group: number; row: number; header: boolean };
}
