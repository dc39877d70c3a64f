/** Options every reader accepts. */
export interface ReadOptions {
  /** Original file name; its extension is a hint, never trusted over the bytes. */
  filename?: string;
  /** Safety caps for archives (defaults in each reader). */
  limits?: {
    maxUncompressedBytes?: number;
    maxEntries?: number;
    maxRatio?: number;
    /** Bytes really inflated from the archive over its whole use, whatever the entries declare. */
    maxInflatedBytes?: number;
  };
  /**
   * Return a book without words (a picture book) instead of refusing it with 'no-text': `inspect`
   * reports it as 0 words; converting and translating still refuse it.
   */
  emptyOk?: boolean;
}

/**
 * 'translated': translated text only. 'bilingual': each translated block followed by its original.
 * 'bilingual-reverse': the original first, then the translation.
 */
export type Layout = 'translated' | 'bilingual' | 'bilingual-reverse';

/** Options every writer accepts. */
export interface WriteOptions {
  layout?: Layout;
  /**
   * Text for the first page when only part of the book was translated (a Free credit covers the
   * first 5,000 words); writers put it before the first chapter.
   */
  notice?: string;
}
