import type { Book, Translation } from '@booktranslate/contract';
import type { BookRow } from '../../db/schema/books';
import { contentTypeForKey } from '../../storage/content-type';
import type { BookStorage } from './book-storage';
import { COVER_LINK_WINDOW_S } from './store-cover';

/** A book row as the API shows it, with its translations (as shown) and a signed cover link. */
export async function toBookDto(
  book: BookRow,
  translations: Translation[],
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
    translations,
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
  return storage.signedDownloadUrl(key, {
    expiresIn: COVER_LINK_WINDOW_S,
    cacheWindow: COVER_LINK_WINDOW_S,
    contentType,
    ...(contentType === 'image/svg+xml' ? { filename: 'cover.svg' } : {}),
  });
}
