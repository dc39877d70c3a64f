import { type Book, countWords, textSamples } from '@booktranslate/ebook';
import type { BookRow } from '../../../db/schema/books';
import { bookFields } from '../../books/book-fields';
import { booksRepository } from '../../books/books.repository';
import { storeCover } from '../../books/store-cover';
import type { PipelineDeps } from './pipeline-deps';

/** A book too large to parse at upload learns its title, author, language, cover and word count here. */
export async function fillBookMetadata(
  deps: PipelineDeps,
  row: BookRow,
  book: Book,
): Promise<ReturnType<typeof bookFields>> {
  let words = 0;
  for (const chapter of book.chapters) for (const block of chapter.blocks) words += countWords(block.text);
  const fields = bookFields(
    { metadata: book.metadata, words, samples: textSamples(book) },
    row.originalFilename,
  );
  const coverKey = await storeCover(deps.files, row.id, book.cover);
  await booksRepository.updateMetadata(deps.db, row.id, { ...fields, coverKey });
  return fields;
}
