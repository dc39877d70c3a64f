import { EbookError } from '../errors';
import type { Book } from '../model';
import type { ReadOptions } from '../options';
import { plainText } from '../placeholders';
import { readableText } from '../readable-text';
import { analyseMarkdown } from './analyse-markdown';

/**
 * Reads a Markdown book (CommonMark with GitHub's tables, footnotes, strikethrough and autolinks):
 * chapters at the top heading level, footnotes as notes, inline markup as placeholders, code kept
 * out of the translation. The source is kept: the Markdown writer rewrites it in place.
 * @example const book = await parseMarkdown(new TextEncoder().encode('# Emma\n\nText'), { filename: 'emma.md' });
 *   book.metadata.title // 'Emma'
 */
export async function parseMarkdown(bytes: Uint8Array, options: ReadOptions = {}): Promise<Book> {
  const analysis = analyseMarkdown(bytes);
  const { chapters, toc, frontMatter } = analysis;
  const blocks = chapters.flatMap((chapter) => chapter.blocks);
  if (!options.emptyOk && !blocks.some((block) => /[\p{L}\p{N}]/u.test(plainText(block.text))))
    throw new EbookError('no-text', 'the Markdown file has no readable text');
  const h1 = blocks.find((block) => block.kind === 'heading' && block.level === 1);
  const stem = options.filename?.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');
  return {
    format: 'md',
    metadata: {
      title:
        frontMatter?.title ??
        (h1 ? readableText(h1.text, h1.inlines).trim() : undefined) ??
        stem ??
        'Untitled',
      authors: frontMatter?.authors ?? [],
      language: frontMatter?.language ?? null,
      identifiers: [],
    },
    chapters,
    toc,
    resources: [],
    encoding: analysis.encoding,
    source: bytes,
  };
}
