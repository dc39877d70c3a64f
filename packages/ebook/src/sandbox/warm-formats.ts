import { bookFormats } from '../format-table';
import type { BookFormat } from '../model';

/** What a child may load before its first book arrives: the file names (or format ids) its caller expects. */
export interface WarmHint {
  /** The name of the book it will read ('a.epub'). */
  read?: string;
  /** The name (or format id) of what it will write ('a.fb2', 'txt'). */
  write?: string;
}

// Each format's reader and writer modules, the ones the format table imports on use: loading them
// early compiles the same chunks the first book then finds ready. Reading PDFs (pdf.js, 3 MB) is
// loaded only when the name says PDF.
const READERS: Record<BookFormat, () => Promise<unknown>> = {
  epub: () => import('../parse-epub'),
  fb2: () => import('../parse-fb2'),
  pdf: () => import('../pdf/parse-pdf'),
  docx: () => import('../docx/parse-docx'),
  azw3: () => import('../kindle/parse-kindle'),
  mobi: () => import('../kindle/parse-kindle'),
  md: () => import('../markdown/parse-markdown'),
  txt: () => import('../parse-txt'),
};
const WRITERS: Partial<Record<BookFormat, () => Promise<unknown>>> = {
  epub: () => import('../write-epub'),
  fb2: () => import('../write-fb2'),
  docx: () => import('../docx/write-docx'),
  md: () => import('../markdown/write-markdown'),
  txt: () => import('../write-txt'),
};

/**
 * Loads the reader and writer a hint names, while the caller is still starting: the first book's
 * work then starts with compiled code. A name of no known format loads nothing; a failure to load
 * is the book's to meet later, so it is ignored here.
 * @example await warmFormats({ read: 'a.txt', write: 'a.epub' }) // parse-txt and write-epub loaded
 */
export async function warmFormats(hint: WarmHint): Promise<void> {
  const read = hint.read ? formatOfName(hint.read) : undefined;
  const write = hint.write ? formatOfName(hint.write) : undefined;
  await Promise.all([read && READERS[read](), write && WRITERS[write]?.()].map((p) => p?.catch(() => {})));
}

/** The format a file name's extension (or a format id) names. @example formatOfName('A.FB2.zip') // 'fb2' */
export function formatOfName(name: string): BookFormat | undefined {
  const lower = name.toLowerCase();
  return bookFormats.find((row) => row.id === lower || row.extensions.some((ext) => lower.endsWith(ext)))?.id;
}
