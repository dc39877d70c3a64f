import type { BookFormat } from '@booktranslate/ebook';
import { type BookFormatRow, bookFormats } from '@booktranslate/ebook/formats';

/**
 * The formats the ebook table writes, in its order: what OUT and --to may name. DOCX and Markdown are
 * written only from a book of the same format (the writer says so for any other).
 */
export const writtenFormats: readonly BookFormatRow[] = bookFormats.filter(
  (format: BookFormatRow) => format.write !== undefined,
);

/** Their ids for messages and usage lines: 'epub, fb2, docx, md, txt'. */
export const writtenFormatIds: readonly BookFormat[] = writtenFormats.map((format) => format.id);

/** Every format read, for the summary line: 'epub, fb2, pdf, …, txt'. */
export const readFormatIds = bookFormats.map((format) => format.id).join(', ');

/** What every book converts to, for the summary line: 'epub, fb2 and txt'. */
export const anyBookFormats = ((ids: string[]) => `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`)(
  writtenFormats.filter((format) => !format.sameFormatOnly).map((format) => format.id),
);

/**
 * The written format an id or a file name names (by the extension a written file gets), if any.
 * @example writtenFormatOf({ name: 'out.fb2' }) // 'fb2'
 */
export function writtenFormatOf(wanted: { id?: string; name?: string }): BookFormat | undefined {
  const id = wanted.id?.toLowerCase();
  const name = wanted.name?.toLowerCase();
  const found = writtenFormats.find((format) =>
    id !== undefined ? format.id === id : name?.endsWith(format.extensions[0] ?? '\0'),
  );
  return found?.id;
}
