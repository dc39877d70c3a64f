import type { BookSummary } from '@booktranslate/ebook/sandbox';
import { chooseFromSamples } from '@booktranslate/translator';

/**
 * What a book record takes from the book itself (title falls back to the file name). The language is
 * the declared one unless the whole text confidently says otherwise, and the detected one when the
 * book declares none (decision 151), so it is never offered as a target.
 */
export function bookFields(book: Pick<BookSummary, 'metadata' | 'words' | 'samples'>, filename: string) {
  const title = book.metadata.title.trim() || filename.replace(/\.[^.]+$/, '') || 'Untitled';
  return {
    title: title.slice(0, 500),
    author: book.metadata.authors.join(', ').slice(0, 500),
    description: book.metadata.description?.slice(0, 5000) ?? null,
    originalLanguage: chooseFromSamples(book.metadata.language, book.samples).language ?? null,
    wordCount: book.words,
  };
}
