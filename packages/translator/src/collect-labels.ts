import { type Book, isFormulaDescription, plainText, type TocEntry } from '@booktranslate/ebook';

/** One distinct label to translate: its text and every spelling of it the book uses as a key. */
export interface BookLabel {
  text: string;
  /** The exact strings (title, chapter titles, TOC labels) that share this text. */
  keys: string[];
  /** A block with the same visible text (a heading the label repeats), when there is one. */
  blockId?: string;
}

/** Spaces and line breaks inside a label do not change what it says. */
export function normalizeLabel(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The book title, chapter titles, TOC labels, the navigation's other words and formula
 * descriptions, deduplicated by their text; labels without a letter
 * ("1", "* * *") are left out. Each carries the block it repeats, so a translated heading can be reused.
 * @example collectLabels(book).map((l) => l.text) // ['The Keeper', 'Chapter One', 'Chapter Two']
 */
export function collectLabels(book: Book): { title?: BookLabel; labels: BookLabel[] } {
  const blockOf = new Map<string, string>();
  for (const chapter of book.chapters)
    for (const block of chapter.blocks) {
      const text = normalizeLabel(plainText(block.text));
      // Headings win over other blocks with the same words (a running title in a paragraph).
      if (text && (!blockOf.has(text) || block.kind === 'heading')) blockOf.set(text, block.id);
    }
  const byText = new Map<string, BookLabel>();
  const add = (key: string | undefined) => {
    const text = key === undefined ? '' : normalizeLabel(key);
    if (!/\p{L}/u.test(text)) return undefined;
    let label = byText.get(text);
    if (!label) {
      label = { text, keys: [], blockId: blockOf.get(text) };
      byText.set(text, label);
    }
    if (!label.keys.includes(key as string)) label.keys.push(key as string);
    return label;
  };
  const title = add(book.metadata.title);
  for (const chapter of book.chapters) add(chapter.title);
  const walk = (entries: TocEntry[]) => {
    for (const entry of entries) {
      add(entry.title);
      walk(entry.children);
    }
  };
  walk(book.toc);
  // The navigation's own headings and landmarks, and formula descriptions (a formula's symbols are
  // not words to translate).
  for (const text of book.navLabels ?? []) add(text);
  for (const chapter of book.chapters)
    for (const block of chapter.blocks)
      for (const tag of block.inlines) if (isFormulaDescription(tag)) add(tag.alt);
  return { title, labels: [...byText.values()] };
}
