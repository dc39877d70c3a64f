import type { BookMetadata } from './model';
import { attr, elements, textOf, type XmlElement } from './parse-xml-tree';
import { seriesOf } from './series-of';

/** What the FB2 `<description>` says about the book, plus the cover image's binary id. */
export interface Fb2Description {
  metadata: BookMetadata;
  coverId?: string;
}

/**
 * Reads title-info (title, authors, annotation, lang, src-lang, date, coverpage) and
 * publish-info (publisher, ISBN) and document-info's id.
 * @example readFb2Description(root).metadata.title // 'Бесы'
 */
export function readFb2Description(root: XmlElement, fallbackTitle: string): Fb2Description {
  const description = elements(root, 'description')[0];
  const titleInfo = description ? elements(description, 'title-info')[0] : undefined;
  const publishInfo = description ? elements(description, 'publish-info')[0] : undefined;
  const documentInfo = description ? elements(description, 'document-info')[0] : undefined;
  const field = (parent: XmlElement | undefined, name: string) => {
    const el = parent ? elements(parent, name)[0] : undefined;
    return el ? textOf(el) || undefined : undefined;
  };
  const annotation = titleInfo ? elements(titleInfo, 'annotation')[0] : undefined;
  const identifiers: BookMetadata['identifiers'] = [];
  const isbn = field(publishInfo, 'isbn');
  if (isbn) identifiers.push({ scheme: 'ISBN', value: isbn });
  const docId = field(documentInfo, 'id');
  if (docId) identifiers.push({ scheme: 'FB2', value: docId });
  const metadata: BookMetadata = {
    title: field(titleInfo, 'book-title') ?? fallbackTitle,
    authors: titleInfo ? elements(titleInfo, 'author').map(authorName).filter(Boolean) : [],
    language: field(titleInfo, 'lang')?.toLowerCase() ?? null,
    identifiers,
  };
  if (annotation) metadata.description = elements(annotation).map(textOf).filter(Boolean).join('\n');
  const publisher = field(publishInfo, 'publisher');
  if (publisher) metadata.publisher = publisher;
  const dateEl = titleInfo ? elements(titleInfo, 'date')[0] : undefined;
  const date = dateEl ? (attr(dateEl, 'value') ?? textOf(dateEl)) : undefined;
  if (date) metadata.date = date;
  const sequence = [titleInfo, publishInfo]
    .flatMap((parent) => (parent ? elements(parent, 'sequence') : []))
    .find((el) => attr(el, 'name')?.trim());
  if (sequence) metadata.series = seriesOf(attr(sequence, 'name') as string, attr(sequence, 'number'));
  const coverpage = titleInfo ? elements(titleInfo, 'coverpage')[0] : undefined;
  const coverHref = coverpage ? elements(coverpage, 'image').map((img) => attr(img, 'href'))[0] : undefined;
  return coverHref ? { metadata, coverId: coverHref.replace(/^#/, '') } : { metadata };
}

function authorName(author: XmlElement): string {
  const part = (name: string) => textOf(elements(author, name)[0] ?? { name, attrs: {}, children: [] });
  const full = [part('first-name'), part('middle-name'), part('last-name')].filter(Boolean).join(' ');
  return full || part('nickname');
}
