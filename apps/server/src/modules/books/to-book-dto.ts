import type { Book } from '@booktranslate/contract';
import type { BookRow } from '../../db/schema/books';
import type { TranslationRow } from '../../db/schema/translations';
import { toTranslationDto } from '../translations/to-translation-dto';
import type { BookStorage } from './book-storage';

/** A book row as the API shows it, with its translations and a signed cover link. */
export async function toBookDto(
  book: BookRow,
  translations: TranslationRow[],
  storage: BookStorage,
): Promise<Book> {
  return {
    id: book.id,
    title: book.title,
    author: book.author,
    description: book.description,
    original_language: book.originalLanguage,
    original_format: book.originalFormat as Book['original_format'],
    original_filename: book.originalFilename,
    original_file_url: `/api/v1/books/${book.id}/download-original/`,
    cover_url: book.coverKey ? await storage.signedUrl(book.coverKey, { expiresIn: 3600 }) : null,
    file_size: book.fileSize,
    word_count: book.wordCount,
    created_at: book.createdAt.toISOString(),
    updated_at: book.updatedAt.toISOString(),
    translations: translations.map((t) => toTranslationDto(t, book)),
    translation_count: translations.length,
  };
}
