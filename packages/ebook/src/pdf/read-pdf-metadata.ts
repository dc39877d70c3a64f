import type { BookMetadata } from '../model';

/** What pdf.js's getMetadata() answers: the info dictionary and the XMP packet. */
export interface PdfMetadataSource {
  info?: unknown;
  metadata?: { get(name: string): unknown } | null;
}

// Titles that tools write in place of one.
const NO_TITLE =
  /^(?:untitled|unknown|microsoft word - .*|document\d*|.*\.(?:docx?|odt|rtf|txt|pdf|indd|tex))$/i;

/**
 * Title, authors and language: XMP (dc:title, dc:creator, dc:language) first, then the info
 * dictionary (Title, Author) and the catalogue's /Lang; a missing or placeholder title falls back
 * to the file name, then to the first heading.
 * @example readPdfMetadata({ info: { Title: 'Emma', Author: 'Jane Austen' } }, 'x.pdf', undefined).authors // ['Jane Austen']
 */
export function readPdfMetadata(
  source: PdfMetadataSource,
  filename: string | undefined,
  firstHeading: string | undefined,
): BookMetadata {
  const info = (source.info ?? {}) as Record<string, unknown>;
  const xmp = (name: string) => {
    try {
      return source.metadata?.get(name);
    } catch {
      return undefined;
    }
  };
  const title = [text(xmp('dc:title')), text(info.Title)].find((t) => t && !NO_TITLE.test(t));
  const creators = list(xmp('dc:creator'));
  const authors = creators.length ? creators : list(info.Author);
  const language = text(xmp('dc:language')) ?? text(info.Language);
  const stem = filename
    ?.replace(/^.*[\\/]/, '')
    .replace(/\.[^.]+$/, '')
    .trim();
  return {
    title: title ?? (stem || undefined) ?? firstHeading ?? 'Untitled',
    authors,
    language: language && /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i.test(language) ? language : null,
    identifiers: [],
    ...(text(info.Subject) ? { description: text(info.Subject) } : {}),
  };
}

function text(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string') return undefined;
  // Control characters are what a broken string decodes to, never a title.
  const clean = first
    .replace(/[\p{Cc}\ufffd]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean === '' ? undefined : clean.slice(0, 500);
}

function list(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const v of values) {
    const t = text(v);
    if (!t) continue;
    for (const name of t.split(/\s*;\s*/)) if (name && out.length < 20) out.push(name);
  }
  return out;
}
