import type { BookSummary } from '@booktranslate/ebook/sandbox';

/** What a book record takes from the book itself (title falls back to the file name). */
export function bookFields(book: Pick<BookSummary, 'metadata' | 'words'>, filename: string) {
  const wordCount = book.words;
  const title = book.metadata.title.trim() || filename.replace(/\.[^.]+$/, '') || 'Untitled';
  return {
    title: title.slice(0, 500),
    author: book.metadata.authors.join(', ').slice(0, 500),
    description: book.metadata.description?.slice(0, 5000) ?? null,
    originalLanguage: book.metadata.language?.toLowerCase() ?? null,
    wordCount,
  };
}
