import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { assertPlainText } from '../assert-plain-text';
import { detectAndDecode } from '../detect-encoding';
import { checkText } from '../structure-limits';
import { type FrontMatter, readFrontMatter } from './front-matter';
import { HeadingSlugs } from './heading-slug';
import { type MarkdownReading, readFlow } from './markdown-blocks';
import { buildChapters, type MarkdownChapters } from './markdown-chapters';
import { HtmlNesting } from './markdown-html';
import { splitMarkdown } from './split-markdown';

/** A Markdown document read: its text, its front matter, and its chapters with each block's source. */
export interface MarkdownAnalysis extends MarkdownChapters {
  /** The decoded text (without a byte-order mark); block offsets point into it. */
  text: string;
  encoding: string;
  /** The line ending the file uses, for the lines the writer adds. */
  newline: string;
  frontMatter: FrontMatter | null;
}

/**
 * Decodes and parses a Markdown file, piece by piece so a long book never becomes one large syntax
 * tree. The reader and the in-place writer both call it, so they agree on every block id and span.
 * @example analyseMarkdown(new TextEncoder().encode('# Title\n\nText')).chapters[0].blocks.length // 2
 */
export function analyseMarkdown(bytes: Uint8Array): MarkdownAnalysis {
  assertPlainText(bytes);
  // No encoding takes more than 4 bytes a character: a larger file is more text than any book.
  checkText(Math.ceil(bytes.length / 4));
  const decoded = detectAndDecode(bytes);
  checkText(decoded.text.length);
  const text = decoded.text.replace(/^\ufeff/, '');
  assertPlainText(text);
  const frontMatter = readFrontMatter(text);
  // The front matter is not Markdown: blanked (line breaks kept) so offsets stay those of the file.
  const parsed = frontMatter
    ? text.slice(0, frontMatter.end).replace(/[^\r\n]/g, ' ') + text.slice(frontMatter.end)
    : text;
  const reading: MarkdownReading = {
    body: [],
    notes: [],
    definitions: new Map(),
    footnoteNumbers: new Map(),
    slugs: new HeadingSlugs(),
    html: new HtmlNesting(),
    pending: [],
    tables: 0,
  };
  for (const part of splitMarkdown(parsed)) {
    const tree = fromMarkdown(part.input, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    readFlow(tree.children, part, reading);
  }
  return {
    ...buildChapters(reading),
    text,
    encoding: decoded.encoding,
    newline: /\r\n/.test(text.slice(0, 4096)) ? '\r\n' : '\n',
    frontMatter,
  };
}
