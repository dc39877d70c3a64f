// The file formats of the service: the ones a book may be uploaded in and the ones a translation is
// downloaded in, with their extensions and media types. No zod here, so the web app imports this
// file on its own (`@booktranslate/contract/formats`). packages/ebook's format table holds the same
// ids and extensions (a server test compares them).

/** A file format as people and browsers see it. */
export interface FormatInfo<Id extends string = string> {
  id: Id;
  /** For people: 'EPUB'. */
  name: string;
  /** Lower-case, with the dot; the first is the one a downloaded file gets. */
  extensions: readonly string[];
  mediaType: string;
  /**
   * Output formats only: written only for a book uploaded in this same format (its source rewritten
   * with the translation in place), so a DOCX comes back as a DOCX with its styles.
   */
  sameFormatOnly?: true;
}

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * What a book may be uploaded in. `.fb2.zip` is how most FB2 books are shared; the FB2 inside is read.
 * AZW3 and MOBI are Kindle files without DRM; a PDF needs a text layer.
 */
export const sourceFormats = [
  { id: 'epub', name: 'EPUB', extensions: ['.epub'], mediaType: 'application/epub+zip' },
  { id: 'fb2', name: 'FB2', extensions: ['.fb2', '.fb2.zip'], mediaType: 'application/x-fictionbook+xml' },
  { id: 'pdf', name: 'PDF', extensions: ['.pdf'], mediaType: 'application/pdf' },
  { id: 'docx', name: 'DOCX', extensions: ['.docx'], mediaType: DOCX_TYPE },
  {
    id: 'azw3',
    name: 'AZW3',
    extensions: ['.azw3', '.azw'],
    mediaType: 'application/vnd.amazon.mobi8-ebook',
  },
  { id: 'mobi', name: 'MOBI', extensions: ['.mobi', '.prc'], mediaType: 'application/x-mobipocket-ebook' },
  { id: 'md', name: 'Markdown', extensions: ['.md', '.markdown'], mediaType: 'text/markdown' },
  { id: 'txt', name: 'TXT', extensions: ['.txt'], mediaType: 'text/plain' },
] as const satisfies readonly FormatInfo[];

/**
 * What a translation is downloaded in. The bilingual EPUB is no format of its own: it is `epub` with
 * `layout=bilingual` (GET /translations/{id}/download/).
 */
export const outputFormats = [
  { id: 'epub', name: 'EPUB', extensions: ['.epub'], mediaType: 'application/epub+zip' },
  { id: 'fb2', name: 'FB2', extensions: ['.fb2'], mediaType: 'application/x-fictionbook+xml' },
  { id: 'docx', name: 'DOCX', extensions: ['.docx'], mediaType: DOCX_TYPE, sameFormatOnly: true },
  {
    id: 'md',
    name: 'Markdown',
    extensions: ['.md'],
    mediaType: 'text/markdown; charset=utf-8',
    sameFormatOnly: true,
  },
  { id: 'txt', name: 'TXT', extensions: ['.txt'], mediaType: 'text/plain; charset=utf-8' },
] as const satisfies readonly FormatInfo[];

export type SourceFormatId = (typeof sourceFormats)[number]['id'];
export type OutputFormatId = (typeof outputFormats)[number]['id'];

export const sourceFormatIds = sourceFormats.map((format) => format.id) as [
  SourceFormatId,
  ...SourceFormatId[],
];
export const outputFormatIds = outputFormats.map((format) => format.id) as [
  OutputFormatId,
  ...OutputFormatId[],
];

/**
 * The output formats a book uploaded as `source` is downloaded in: EPUB, FB2 and TXT for every book,
 * and its own format where that is written in place (DOCX, Markdown).
 * @example outputFormatsOf('docx').map((f) => f.id) // ['epub', 'fb2', 'docx', 'txt']
 */
export function outputFormatsOf(source: string): readonly FormatInfo<OutputFormatId>[] {
  return outputFormats.filter((format: FormatInfo) => !format.sameFormatOnly || format.id === source);
}

/** Every upload extension, for a file picker's `accept`: '.epub,.fb2,.fb2.zip,.pdf,…,.txt'. */
export const sourceAccept = sourceFormats.flatMap((format) => format.extensions).join(',');

/**
 * The upload format a file name claims by its extension (the longest that fits), or undefined.
 * @example sourceFormatOfName('Anna.FB2.zip') // 'fb2'
 */
export function sourceFormatOfName(filename: string): SourceFormatId | undefined {
  const name = filename.toLowerCase();
  let best: { id: SourceFormatId; length: number } | undefined;
  for (const format of sourceFormats)
    for (const extension of format.extensions)
      if (name.endsWith(extension) && extension.length > (best?.length ?? 0))
        best = { id: format.id, length: extension.length };
  return best?.id;
}

/** The formats' names for a sentence: 'EPUB, FB2, PDF, DOCX, AZW3, MOBI, Markdown or TXT'. */
export function formatNames(formats: readonly FormatInfo[]): string {
  const names = formats.map((format) => format.name);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
