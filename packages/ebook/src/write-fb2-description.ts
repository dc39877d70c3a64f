import { escapeXml } from './escape-xml';
import type { Book } from './model';

/**
 * The FB2 `<description>`: title-info (genre, authors, title, annotation, cover, lang) and the
 * document-info the schema requires.
 * @example writeFb2Description(book, 'cover.jpg') // '<description><title-info>…</description>'
 */
export function writeFb2Description(book: Book, coverId: string | undefined, now = new Date()): string {
  const m = book.metadata;
  const authors = m.authors.length > 0 ? m.authors : ['Unknown'];
  const annotation = m.description
    ? `<annotation>${m.description
        .split(/\n+/)
        .filter((line) => line.trim() !== '')
        .map((line) => `<p>${escapeXml(line.trim())}</p>`)
        .join('')}</annotation>`
    : '';
  const cover = coverId ? `<coverpage><image l:href="#${escapeXml(coverId)}"/></coverpage>` : '';
  const date = now.toISOString().slice(0, 10);
  const id = m.identifiers[0]?.value ?? `booktranslate-${hash(`${m.title}|${authors.join(',')}`)}`;
  const publisher = m.publisher
    ? `<publish-info><publisher>${escapeXml(m.publisher)}</publisher></publish-info>`
    : '';
  return (
    '<description><title-info><genre>prose_classic</genre>' +
    authors.map(author).join('') +
    `<book-title>${escapeXml(m.title || 'Untitled')}</book-title>${annotation}` +
    (m.date && /^\d{4}/.test(m.date) ? `<date>${escapeXml(m.date.slice(0, 10))}</date>` : '') +
    `${cover}<lang>${escapeXml(m.language ?? 'und')}</lang></title-info>` +
    '<document-info><author><nickname>booktranslate</nickname></author><program-used>booktranslate</program-used>' +
    `<date value="${date}">${date}</date><id>${escapeXml(id)}</id><version>1.0</version></document-info>` +
    `${publisher}</description>`
  );
}

// FB2 authors are first/middle/last names; one-word names (and organisations) are nicknames.
function author(name: string): string {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return `<author><nickname>${escapeXml(name.trim() || 'Unknown')}</nickname></author>`;
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  const middle = parts.slice(1, -1).join(' ');
  return `<author><first-name>${escapeXml(first)}</first-name>${middle ? `<middle-name>${escapeXml(middle)}</middle-name>` : ''}<last-name>${escapeXml(last)}</last-name></author>`;
}

function hash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16);
}
