import { type Book, countWords } from '@booktranslate/ebook';
import { chooseSourceLanguage } from '@booktranslate/translator';

/**
 * What a book record takes from the book itself (title falls back to the file name). The language is
 * the declared one unless the whole text confidently says otherwise, and the detected one when the
 * book declares none (decision 151), so it is never offered as a target.
 */
export function bookFields(book: Book, filename: string) {
  let wordCount = 0;
  for (const chapter of book.chapters)
    for (const block of chapter.blocks) wordCount += countWords(block.text);
  const title = book.metadata.title.trim() || filename.replace(/\.[^.]+$/, '') || 'Untitled';
  return {
    title: title.slice(0, 500),
    author: book.metadata.authors.join(', ').slice(0, 500),
    description: book.metadata.description?.slice(0, 5000) ?? null,
    originalLanguage: chooseSourceLanguage(book).language ?? null,
    wordCount,
  };
}
