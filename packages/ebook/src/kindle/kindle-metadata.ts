import { decodeHTML } from 'entities';
import type { BookMetadata } from '../model';
import type { MobiHeader } from './mobi-header';
import { mobiLanguage } from './mobi-languages';

/**
 * The book's metadata from its EXTH records (503 title, 100 authors, 101 publisher, 103 description,
 * 104 ISBN, 106 date, 524 language), falling back to the MOBI header's full name and locale, then to
 * the file's name.
 * @example kindleMetadata(header, 'esther.azw3').title // 'Liber Esther'
 */
export function kindleMetadata(header: MobiHeader, filename?: string): BookMetadata {
  const decoder = new TextDecoder(header.encoding);
  const raw = (type: number) => (header.exth.get(type) ?? []).map((value) => decoder.decode(value));
  const strings = (type: number) =>
    raw(type)
      .map(clean)
      .filter((value) => value !== '');
  const first = (type: number) => strings(type)[0];
  const stem = filename?.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  const title = first(503) ?? (clean(decoder.decode(header.fullName)) || stem || 'Untitled');
  const language = first(524) ?? mobiLanguage(header.locale);
  // Calibre writes the description as HTML: the model keeps it as text.
  const description = raw(103).map((html) => clean(html.replace(/<[^>]*>/g, ' ')))[0];
  const publisher = first(101);
  const date = first(106);
  const isbn = first(104);
  return {
    title,
    authors: strings(100),
    language: language ?? null,
    identifiers: isbn ? [{ scheme: 'ISBN', value: isbn }] : [],
    ...(description && { description }),
    ...(publisher && { publisher }),
    ...(date && { date }),
  };
}

function clean(value: string): string {
  return decodeHTML(value.replace(/\0/g, '')).replace(/\s+/g, ' ').trim();
}
