import { formatNames, type SourceFormatId, sourceFormatOfName, sourceFormats } from '@booktranslate/contract';

/**
 * The last part of every upload extension the contract lists ('epub', 'fb2', 'zip' of '.fb2.zip',
 * 'txt'): a name ending in anything else is refused before its bytes are looked at.
 */
export const knownUploadExtensions: ReadonlySet<string> = new Set(
  sourceFormats.flatMap((format) => format.extensions.map((e) => e.slice(e.lastIndexOf('.') + 1))),
);

/** What an upload refused for its format is told to send instead. */
export const uploadFormatsAdvice = `Upload an ${formatNames(sourceFormats)} book.`;

// Formats that come as a zip: EPUB, a zipped FB2, DOCX.
const ZIPPED = new Set<SourceFormatId>(['epub', 'fb2', 'docx']);

/**
 * The format of a zip known only by its first bytes: the zip format whose extension the name has
 * ('.fb2.zip', '.docx'), else EPUB, the zip every e-book reader knows; parsing tells for sure later.
 * @example zipFormatOfName('besy.fb2.zip') // 'fb2'
 */
export function zipFormatOfName(filename: string): SourceFormatId {
  const named = sourceFormatOfName(filename);
  if (named === 'fb2') return filename.toLowerCase().endsWith('.zip') ? 'fb2' : 'epub';
  return named && ZIPPED.has(named) ? named : 'epub';
}
