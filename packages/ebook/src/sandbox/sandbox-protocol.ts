import type { Book, BookFormat, BookMetadata, Resource } from '../model';
import type { ReadOptions, WriteOptions } from '../options';

/** What a caller that only checks a book needs from it: no chapters cross the process boundary. */
export interface BookSummary {
  format: BookFormat;
  metadata: BookMetadata;
  words: number;
  /** Chapters as the reader lists them (`countChapters`: parts, front matter and notes left out). */
  chapters: number;
  /** Body text from evenly spaced points, for language detection without the whole text. */
  samples: string[];
  /** PDF: pages without text (scanned pages in a text PDF), numbered from 1. */
  textlessPages?: number[];
  cover?: Resource;
}

export type SandboxRequest =
  /** A piece of a large book, in order; the `open` that follows carries the last piece. */
  | { type: 'part'; bytes: Uint8Array; total: number }
  | {
      type: 'open';
      bytes: Uint8Array;
      options: ReadOptions;
      summary: boolean;
      /** Bytes of raster images to send back with the book (none when absent). */
      images?: number;
      /** Answer without the book: the caller writes it as read, never looks at it (a conversion). */
      bookless?: true;
    }
  /** `book: null` writes the book as read, which then never crosses to the caller and back. */
  | { type: 'write'; book: Book | null; format: BookFormat; options: WriteOptions }
  | { type: 'reset' };

export type SandboxReply =
  /** The child's first message: it listens (requests sent before could be lost). */
  | { type: 'ready' }
  | { type: 'part' }
  | { type: 'opened'; book?: Book; summary?: BookSummary }
  | { type: 'written'; bytes: Uint8Array }
  | { type: 'reset'; heapBytes: number }
  | { type: 'error'; error: { name: string; code?: string; message: string; details?: unknown } };
