import { z } from 'zod';

export { basicCatalogueUrls, catalogueUrls, OPDS_PATH } from './catalogue-urls';

/** Entries per page of an acquisition or navigation feed; clients cannot ask for more. */
export const OPDS_PAGE_SIZE = 25;
/** The last page a client may ask for (25,000 translations is far beyond any library). */
export const OPDS_MAX_PAGE = 1000;

export const opdsMediaTypes = {
  navigation: 'application/atom+xml;profile=opds-catalog;kind=navigation',
  acquisition: 'application/atom+xml;profile=opds-catalog;kind=acquisition',
  entry: 'application/atom+xml;type=entry;profile=opds-catalog',
  openSearch: 'application/opensearchdescription+xml',
  opds2: 'application/opds+json',
} as const;

/** The files of a finished translation, in the order a catalogue offers them (EPUB first). */
export const opdsFormats = [
  { id: 'epub', title: 'EPUB', mediaType: 'application/epub+zip' },
  { id: 'fb2', title: 'FB2', mediaType: 'application/x-fictionbook+xml' },
  { id: 'txt', title: 'Plain text', mediaType: 'text/plain' },
  { id: 'bilingual-epub', title: 'Bilingual EPUB', mediaType: 'application/epub+zip' },
] as const;
export type OpdsFormatId = (typeof opdsFormats)[number]['id'];

/** `?page=` of a catalogue feed: 1 to OPDS_MAX_PAGE. */
export const OpdsPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(OPDS_MAX_PAGE).default(1),
});

/** OPDS 1.2 search (`?q=`, the OpenSearch `searchTerms`), by title or author. */
export const OpdsSearchQuery = OpdsPageQuery.extend({ q: z.string().trim().max(200).default('') });

/** OPDS 2.0 search (`?query=`, the templated link's variable), by title or author. */
export const Opds2SearchQuery = OpdsPageQuery.extend({ query: z.string().trim().max(200).default('') });
