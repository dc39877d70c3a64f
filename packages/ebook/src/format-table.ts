import { sniffDocx } from './docx/sniff-docx';
import { sniffAzw3, sniffMobi } from './kindle/sniff-kindle';
import { sniffMarkdown } from './markdown/sniff-markdown';
import type { Book, BookFormat } from './model';
import type { ReadOptions, WriteOptions } from './options';
import { sniffPdf } from './pdf/sniff-pdf';
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
  /**
   * The writer rewrites the source of a book read from this same format (its text replaced in
   * place), so it writes only such a book: offered as the source's own format, never as a
   * conversion target.
   */
  sameFormatOnly?: true;
}

/**
 * Every format, in sniffing order: the one place that knows which formats exist. Readers and writers
 * load on use, so one conversion evaluates one reader and one writer (the CLI bundle splits each
 * into a chunk of its own).
 * @example bookFormats.filter((f) => f.write && !f.sameFormatOnly).map((f) => f.id) // ['epub', 'fb2', 'txt']
 */
/** AZW3 and MOBI share a container and one reader. */
const readKindle: BookFormatRow['read'] = async (bytes, options) =>
  (await import('./kindle/parse-kindle')).parseKindle(bytes, options);

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
    id: 'pdf',
    name: 'PDF',
    extensions: ['.pdf'],
    mediaType: 'application/pdf',
    sniff: sniffPdf,
    read: async (bytes, options) => (await import('./pdf/parse-pdf')).parsePdf(bytes, options),
  },
  {
    id: 'docx',
    name: 'DOCX',
    extensions: ['.docx'],
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    sniff: sniffDocx,
    read: async (bytes, options) => (await import('./docx/parse-docx')).parseDocx(bytes, options),
    write: async (book, options) => (await import('./docx/write-docx')).writeDocx(book, options),
    sameFormatOnly: true,
  },
  {
    id: 'azw3',
    name: 'AZW3',
    extensions: ['.azw3', '.azw'],
    mediaType: 'application/vnd.amazon.mobi8-ebook',
    sniff: sniffAzw3,
    read: readKindle,
  },
  {
    id: 'mobi',
    name: 'MOBI',
    extensions: ['.mobi', '.prc'],
    mediaType: 'application/x-mobipocket-ebook',
    sniff: sniffMobi,
    read: readKindle,
  },
  {
    // Before TXT: Markdown is text that its name calls Markdown.
    id: 'md',
    name: 'Markdown',
    extensions: ['.md', '.markdown'],
    mediaType: 'text/markdown; charset=utf-8',
    sniff: sniffMarkdown,
    read: async (bytes, options) => (await import('./markdown/parse-markdown')).parseMarkdown(bytes, options),
    write: async (book, options) => (await import('./markdown/write-markdown')).writeMarkdown(book, options),
    sameFormatOnly: true,
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

/** The formats the library writes from a book of any format, in table order. */
export const writableFormats: readonly BookFormat[] = bookFormats
  .filter((format: BookFormatRow) => format.write !== undefined && !format.sameFormatOnly)
  .map((format) => format.id);

/**
 * What a book read from `source` can be written as: every format written from any book, and the
 * source's own format where its writer rewrites the source in place (DOCX, Markdown).
 * @example outputFormatsFor('docx') // ['epub', 'fb2', 'txt', 'docx']
 */
export function outputFormatsFor(source: BookFormat): readonly BookFormat[] {
  const own: BookFormatRow = formatRow(source);
  return own.write && own.sameFormatOnly ? [...writableFormats, source] : writableFormats;
}
