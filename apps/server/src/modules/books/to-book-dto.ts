import type { Book } from '@booktranslate/contract';
import type { BookRow } from '../../db/schema/books';
import type { TranslationRow } from '../../db/schema/translations';
import { contentTypeForKey } from '../../storage/content-type';
import { toTranslationDto } from '../translations/to-translation-dto';
import type { BookStorage } from './book-storage';
import { COVER_LINK_WINDOW_S } from './store-cover';

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
    cover_url: book.coverKey ? await coverUrl(storage, book.coverKey) : null,
    file_size: book.fileSize,
    word_count: book.wordCount,
    created_at: book.createdAt.toISOString(),
    updated_at: book.updatedAt.toISOString(),
    translations: translations.map((t) => toTranslationDto(t, book)),
    translation_count: translations.length,
  };
}

/**
 * A cover link that stays the same for an hour (the browser caches the image instead of fetching
 * it on every poll), served as the image type its key records. An SVG is also marked as a download:
 * an <img> still draws it, but opened on its own (an object store cannot send our CSP) it never
 * renders as a document that could run its scripts.
 */
function coverUrl(storage: BookStorage, key: string): Promise<string> {
  const contentType = contentTypeForKey(key);
  return storage.signedUrl(key, {
    expiresIn: COVER_LINK_WINDOW_S,
    cacheWindow: COVER_LINK_WINDOW_S,
    contentType,
    ...(contentType === 'image/svg+xml' ? { filename: 'cover.svg' } : {}),
  });
}
