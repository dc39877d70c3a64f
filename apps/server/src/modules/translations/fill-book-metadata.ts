import { type Book, countWords } from '@booktranslate/ebook';
import type { BookRow } from '../../db/schema/books';
import { bookFields } from '../books/book-fields';
import { booksRepository } from '../books/books.repository';
import type { PipelineDeps } from './pipeline-deps';

/** A book too large to parse at upload learns its title, author, cover and word count here. */
export async function fillBookMetadata(deps: PipelineDeps, row: BookRow, book: Book): Promise<void> {
  let words = 0;
  for (const chapter of book.chapters) for (const block of chapter.blocks) words += countWords(block.text);
  const fields = bookFields({ metadata: book.metadata, words }, row.originalFilename);
  let coverKey: string | null = null;
  if (book.cover) {
    coverKey = `covers/${row.id}`;
    await deps.files.writeBytes(coverKey, book.cover.data, book.cover.mediaType);
  }
  await booksRepository.updateMetadata(deps.db, row.id, { ...fields, coverKey });
}
