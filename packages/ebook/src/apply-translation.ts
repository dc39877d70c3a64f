import { isFormulaDescription } from './math-alt';
import type { Block, Book, TocEntry } from './model';

export interface ApplyTranslationOptions {
  /** BCP 47 code of the translation, written to the metadata and the documents. */
  targetLanguage: string;
  /** Translated book title. */
  title?: string;
  /**
   * Translated chapter titles and TOC labels, keyed by the original label (exactly, or with runs of
   * white space collapsed). Every writer uses them: EPUB nav/NCX and document titles, FB2 and TXT
   * chapter titles; also the navigation's other words (`navLabels`) and formula descriptions.
   */
  labels?: Map<string, string>;
}

/**
 * Returns a new Book whose blocks carry the translations (placeholder text keyed by block id); each
 * translated block keeps its source text in `original` for bilingual layouts. Blocks without a
 * translation stay as they are. The input book is not modified.
 * @example applyTranslation(book, new Map([['c1.b1', '<g1>Hola</g1>']]), { targetLanguage: 'es' })
 */
export function applyTranslation(
  book: Book,
  translations: Map<string, string>,
  options: ApplyTranslationOptions,
): Book {
  // Exact key first; then with spaces collapsed, as label translators key them (a title broken over lines).
  const label = (text: string | undefined) =>
    text === undefined
      ? undefined
      : (options.labels?.get(text) ?? options.labels?.get(text.replace(/\s+/g, ' ').trim()) ?? text);
  const relabel = (entries: TocEntry[]): TocEntry[] =>
    entries.map((entry) => ({
      ...entry,
      title: label(entry.title) ?? entry.title,
      children: relabel(entry.children),
    }));
  return {
    ...book,
    metadata: {
      ...book.metadata,
      language: options.targetLanguage,
      sourceLanguage: book.metadata.sourceLanguage ?? book.metadata.language,
      title: options.title ?? book.metadata.title,
    },
    chapters: book.chapters.map((chapter) => ({
      ...chapter,
      title: label(chapter.title),
      blocks: chapter.blocks.map((block) => {
        const translated = translations.get(block.id);
        const described = withDescriptions(block, label);
        if (translated === undefined) return described;
        return { ...described, text: translated, original: block.original ?? block.text };
      }),
    })),
    toc: relabel(book.toc),
    ...(book.navLabels && { navLabels: book.navLabels.map((text) => label(text) ?? text) }),
  };
}

// A formula's description (its alttext) is translated like a label; its symbols never are.
function withDescriptions(block: Block, label: (text: string) => string | undefined): Block {
  if (!block.inlines.some(isFormulaDescription)) return block;
  return {
    ...block,
    inlines: block.inlines.map((tag) =>
      isFormulaDescription(tag) && tag.alt !== undefined ? { ...tag, alt: label(tag.alt) ?? tag.alt } : tag,
    ),
  };
}
