import { showsBoth } from '../bilingual-xhtml';
import { EbookError } from '../errors';
import type { Book } from '../model';
import type { Layout, WriteOptions } from '../options';
import { analyseMarkdown, type MarkdownAnalysis } from './analyse-markdown';
import { escapeMarkdownText, guardLineStart } from './escape-markdown';
import { yamlScalar } from './front-matter';
import type { SourceBlock } from './markdown-source';
import { headingMoves, relinked } from './relink-headings';
import { renderMarkdownInline } from './render-markdown-inline';

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * Writes a translated Markdown book by rewriting its source in place: each translated block's text
 * replaced by the translation in the block's own syntax; code, front matter, link definitions,
 * tables, indentation and list markers stay byte for byte. Always UTF-8.
 * @example const md = await writeMarkdown(applyTranslation(book, translations, { targetLanguage: 'de' }));
 */
export async function writeMarkdown(book: Book, options: WriteOptions = {}): Promise<Uint8Array> {
  if (book.format !== 'md' || !book.source)
    throw new EbookError('wrong-format', 'Markdown is written only from a book read from a Markdown file');
  const analysis = analyseMarkdown(book.source);
  const layout = options.layout ?? 'translated';
  const edits: Edit[] = [...metadataEdits(book, analysis, options.notice)];
  const moves = headingMoves(book, analysis.sources);
  for (const chapter of book.chapters)
    for (const block of chapter.blocks) {
      const found = analysis.sources.get(block.id);
      // Code is never rewritten, whatever came back for its placeholder.
      if (!found || found.kind === 'preformatted') continue;
      const moved = relinked(found, moves);
      if (block.text === found.text && !moved) continue;
      const source = moved ?? found;
      const translated = renderMarkdownInline(block.text, source, analysis.newline);
      const text = source.html ? translated.replace(/\r?\n/g, analysis.newline + source.prefix) : translated;
      const original = analysis.text.slice(source.start, source.end);
      if (layout === 'translated' || !showsBoth(block.text, block.original))
        edits.push({ start: source.start, end: source.end, text });
      else edits.push(...bilingual(source, text, original, layout, analysis.newline));
    }
  return new TextEncoder().encode(applyEdits(analysis.text, edits));
}

/**
 * Both versions of a block, in the layout's order. A paragraph (in a quote, a footnote, a poem)
 * becomes two paragraphs. A heading stays one heading, holding the version shown first, and the
 * other follows as a paragraph: the outline and any table of contents made from the headings list
 * each chapter once. A list item stays one item with the second version on a line of its own (a
 * hard break), so the list keeps its numbering and its spacing. A table cell holds both, on two
 * lines (`<br>`), so the table keeps its columns.
 */
function bilingual(
  source: SourceBlock,
  translated: string,
  original: string,
  layout: Layout,
  nl: string,
): Edit[] {
  const [first, second] = layout === 'bilingual' ? [translated, original] : [original, translated];
  const { start, end, prefix } = source;
  const apart = `${nl}${prefix.trimEnd()}${nl}${prefix}`;
  if (source.kind === 'heading')
    return [
      { start, end, text: first },
      { start: source.after, end: source.after, text: `${apart}${guardLineStart(second)}` },
    ];
  if (source.kind === 'table-cell') return [{ start, end, text: `${first}<br>${second}` }];
  if (source.kind === 'list-item' && !source.html)
    return [{ start, end, text: `${first}\\${nl}${prefix}${guardLineStart(second)}` }];
  return [{ start, end, text: `${first}${apart}${source.html ? second : guardLineStart(second)}` }];
}

// The notice opens the text (after the front matter); a translated title and the new language go
// into the front matter's own fields when it has them.
function metadataEdits(book: Book, analysis: MarkdownAnalysis, notice: string | undefined): Edit[] {
  const edits: Edit[] = [];
  const fm = analysis.frontMatter;
  const top = fm?.end ?? 0;
  const nl = analysis.newline;
  if (notice?.trim())
    edits.push({ start: top, end: top, text: `${fm ? nl : ''}${noticeParagraph(notice, nl)}` });
  const title = fm?.values.get('title');
  if (fm && title && fm.title !== undefined && book.metadata.title !== fm.title)
    edits.push({ ...title, text: yamlScalar(book.metadata.title) });
  const language = fm?.values.get('lang') ?? fm?.values.get('language');
  if (fm && language && book.metadata.language && book.metadata.language !== fm.language)
    edits.push({ ...language, text: yamlScalar(book.metadata.language) });
  return edits;
}

function applyEdits(text: string, edits: Edit[]): string {
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of edits) {
    if (edit.start < at) continue;
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

/** The notice as a paragraph of its own. */
function noticeParagraph(notice: string, nl: string): string {
  return `${guardLineStart(escapeMarkdownText(notice.replace(/\s+/g, ' ').trim()))}${nl}${nl}`;
}
