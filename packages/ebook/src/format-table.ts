import type { Book, BookFormat } from './model';
import type { ReadOptions, WriteOptions } from './options';
import { sniffEpub } from './sniff-epub';
import { sniffFb2 } from './sniff-fb2';
import type { SniffInput, SniffVerdict } from './sniff-input';
import { sniffTxt } from './sniff-txt';

/** One format the library reads, and writes when `write` is set (decision 224). */
export interface BookFormatRow {
  id: BookFormat;
  /** For people: 'EPUB'. */
  name: string;
  /** Lower-case, with the dot; the first is the one a written file gets ('.fb2', then '.fb2.zip'). */
  extensions: readonly string[];
  /** The type of what `write` produces. */
  mediaType: string;
  /** Whether the bytes are this format; rows are asked in table order, 'yes' before 'fallback'. */
  sniff(input: SniffInput): SniffVerdict;
  read(bytes: Uint8Array, options: ReadOptions): Promise<Book>;
  write?(book: Book, options: WriteOptions): Promise<Uint8Array>;
}

/**
 * Every format, in sniffing order: the one place that knows which formats exist. Readers and writers
 * load on use, so one conversion evaluates one reader and one writer (the CLI bundle splits each
 * into a chunk of its own).
 * @example bookFormats.filter((f) => f.write).map((f) => f.id) // ['epub', 'fb2', 'txt']
 */
export const bookFormats = [
  {
    id: 'epub',
    name: 'EPUB',
    extensions: ['.epub'],
    mediaType: 'application/epub+zip',
    sniff: sniffEpub,
    read: async (bytes, options) => (await import('./parse-epub')).parseEpub(bytes, options),
    write: async (book, options) => (await import('./write-epub')).writeEpub(book, options),
  },
  {
    id: 'fb2',
    name: 'FB2',
    extensions: ['.fb2', '.fb2.zip'],
    mediaType: 'application/x-fictionbook+xml',
    sniff: sniffFb2,
    read: async (bytes, options) => (await import('./parse-fb2')).parseFb2(bytes, options),
    write: async (book, options) => (await import('./write-fb2')).writeFb2(book, options),
  },
  {
    id: 'txt',
    name: 'TXT',
    extensions: ['.txt'],
    mediaType: 'text/plain; charset=utf-8',
    sniff: sniffTxt,
    read: async (bytes, options) => (await import('./parse-txt')).parseTxt(bytes, options),
    write: async (book, options) => (await import('./write-txt')).writeTxt(book, options),
  },
] as const satisfies readonly BookFormatRow[];

// Fails to compile when a BookFormat has no row, or a row's id is not a BookFormat.
type Missing = Exclude<BookFormat, (typeof bookFormats)[number]['id']>;
const everyFormatHasARow: [Missing] extends [never] ? true : Missing = true;
void everyFormatHasARow;

/** The row of a format. @example formatRow('fb2').extensions // ['.fb2', '.fb2.zip'] */
export function formatRow(id: BookFormat): BookFormatRow {
  const row = bookFormats.find((format) => format.id === id);
  if (!row) throw new Error(`No format row for ${id}`);
  return row;
}

/** The formats the library writes, in table order. */
export const writableFormats: readonly BookFormat[] = bookFormats
  .filter((format: BookFormatRow) => format.write !== undefined)
  .map((format) => format.id);
