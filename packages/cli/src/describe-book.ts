import type { Book } from '@booktranslate/ebook';

/** The `inspect --json` answer. */
export interface BookSummary {
  format: Book['format'];
  title: string;
  authors: string[];
  language: string | null;
  chapters: number;
  blocks: number;
  words: number;
  has_cover: boolean;
  encoding: string | null;
  notes: number;
}

/**
 * Counts what a reader found: body chapters, blocks and words everywhere, notes (note blocks that
 * start a note, or every note block when none carries an id).
 * @example describeBook(book, countWords).words // 105326
 */
export function describeBook(book: Book, countWords: (text: string) => number): BookSummary {
  let blocks = 0;
  let words = 0;
  let noteStarts = 0;
  let noteBlocks = 0;
  for (const chapter of book.chapters) {
    for (const block of chapter.blocks) {
      blocks++;
      words += countWords(block.text);
      if (block.kind === 'note' || chapter.role === 'notes') {
        noteBlocks++;
        if (block.noteId) noteStarts++;
      }
    }
  }
  return {
    format: book.format,
    title: book.metadata.title,
    authors: book.metadata.authors,
    language: book.metadata.language,
    chapters: book.chapters.filter((chapter) => chapter.role !== 'notes').length,
    blocks,
    words,
    has_cover: book.cover !== undefined,
    encoding: book.encoding ?? (book.format === 'epub' ? 'utf-8' : null),
    notes: noteStarts > 0 ? noteStarts : noteBlocks,
  };
}
