import type { FileStore } from './book-storage';
import { sniffImage } from './sniff-image';

/** How long a cover link stays the same: lists polled within one window return identical URLs. */
export const COVER_LINK_WINDOW_S = 3600;

/**
 * Stores a book's cover under `covers/<bookId>.<ext>` with the type sniffed from its bytes, or
 * nothing when the bytes are not an image we serve. Returns the key, or null.
 */
export async function storeCover(
  files: FileStore,
  bookId: string,
  cover: { data: Uint8Array } | undefined,
): Promise<string | null> {
  if (!cover) return null;
  const type = sniffImage(cover.data);
  if (!type) return null;
  const key = `covers/${bookId}.${type.extension}`;
  await files.put(key, cover.data, { contentType: type.contentType });
  return key;
}
