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
}

/** What a book may be uploaded in. `.fb2.zip` is how most FB2 books are shared; the FB2 inside is read. */
export const sourceFormats = [
  { id: 'epub', name: 'EPUB', extensions: ['.epub'], mediaType: 'application/epub+zip' },
  { id: 'fb2', name: 'FB2', extensions: ['.fb2', '.fb2.zip'], mediaType: 'application/x-fictionbook+xml' },
  { id: 'txt', name: 'TXT', extensions: ['.txt'], mediaType: 'text/plain' },
] as const satisfies readonly FormatInfo[];

/**
 * What a translation is downloaded in. The bilingual EPUB is no format of its own: it is `epub` with
 * `layout=bilingual` (GET /translations/{id}/download/).
 */
export const outputFormats = [
  { id: 'epub', name: 'EPUB', extensions: ['.epub'], mediaType: 'application/epub+zip' },
  { id: 'fb2', name: 'FB2', extensions: ['.fb2'], mediaType: 'application/x-fictionbook+xml' },
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

/** Every upload extension, for a file picker's `accept`: '.epub,.fb2,.fb2.zip,.txt'. */
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

/** The formats' names for a sentence: 'EPUB, FB2 or TXT'. */
export function formatNames(formats: readonly FormatInfo[]): string {
  const names = formats.map((format) => format.name);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
