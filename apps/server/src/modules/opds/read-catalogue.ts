import { findLanguage, OPDS_PAGE_SIZE, opdsMediaTypes } from '@booktranslate/contract';
import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { PRODUCT_NAME } from '../public-config/public-config.routes';
import { type CatalogueFilter, catalogueRepository as repo } from '../translations';
import type { CatalogueHrefs } from './catalogue-hrefs';
import type { CatalogueFeed, CatalogueLink, NavigationItem } from './catalogue-model';
import { toPublication } from './to-publication';

/** What every catalogue read needs: the database, whose catalogue, and how links are written. */
export interface CatalogueReader {
  db: Database;
  userId: string;
  hrefs: CatalogueHrefs;
}

const NAME = PRODUCT_NAME;
/** A feed with nothing in it yet still needs an `updated`; a fixed one keeps its ETag stable. */
const NEVER = new Date('2000-01-01T00:00:00Z');
const languageName = (code: string) => findLanguage(code)?.name ?? code;

/** The root navigation feed: the recent translations, by language, by book; search in the links. */
export async function rootFeed(r: CatalogueReader): Promise<CatalogueFeed> {
  const last = await repo.lastChange(r.db, r.userId);
  const updated = last.updatedAt ?? NEVER;
  const entry = (
    id: string,
    title: string,
    summary: string,
    path: string,
    kind: NavigationItem['kind'],
    rel: string,
  ) =>
    ({
      id: `urn:booktranslate:opds:${id}`,
      title,
      summary,
      href: r.hrefs.feed(path),
      kind,
      rel,
      updated,
    }) as const;
  const count = `${last.count} finished translation${last.count === 1 ? '' : 's'}`;
  return {
    id: 'urn:booktranslate:opds:root',
    title: `${NAME}: your translations`,
    kind: 'navigation',
    updated,
    links: baseLinks(r, '', 'navigation'),
    navigation: [
      entry(
        'recent',
        'Recent translations',
        `${count}, newest first`,
        'recent/',
        'acquisition',
        'http://opds-spec.org/sort/new',
      ),
      entry(
        'languages',
        'By language',
        'Translations grouped by the language they are in',
        'languages/',
        'navigation',
        'subsection',
      ),
      entry(
        'books',
        'By book',
        'Your books, each with its translations',
        'books/',
        'navigation',
        'subsection',
      ),
    ],
    publications: [],
    paging: null,
  };
}

/** The languages the user's translations are in, each leading to its translations. */
export async function languagesFeed(r: CatalogueReader): Promise<CatalogueFeed> {
  const groups = await repo.languages(r.db, r.userId);
  return {
    id: 'urn:booktranslate:opds:languages',
    title: 'By language',
    kind: 'navigation',
    updated: newest(groups.map((g) => g.updatedAt)),
    links: [...baseLinks(r, 'languages/', 'navigation'), up(r)],
    navigation: groups.map((g) => ({
      id: `urn:booktranslate:opds:language:${g.key}`,
      title: languageName(g.key),
      summary: `${g.count} translation${g.count === 1 ? '' : 's'}`,
      href: r.hrefs.feed(`languages/${encodeURIComponent(g.key)}/`),
      kind: 'acquisition',
      rel: 'subsection',
      updated: g.updatedAt,
    })),
    publications: [],
    paging: null,
  };
}

/** The user's books with a finished translation, by title, a page at a time. */
export async function booksFeed(r: CatalogueReader, page: number): Promise<CatalogueFeed> {
  const { rows, total } = await repo.books(r.db, r.userId, window(page));
  return {
    id: `urn:booktranslate:opds:books:${page}`,
    title: 'By book',
    kind: 'navigation',
    updated: newest(rows.map((g) => g.updatedAt)),
    links: [
      ...baseLinks(r, 'books/', 'navigation', { page }),
      up(r),
      ...pageLinks(r, 'books/', 'navigation', page, total),
    ],
    navigation: rows.map((g) => ({
      id: `urn:booktranslate:opds:book:${g.key.id}`,
      title: g.key.title,
      summary: [g.key.author, `${g.count} translation${g.count === 1 ? '' : 's'}`]
        .filter(Boolean)
        .join(' · '),
      href: r.hrefs.feed(`books/${g.key.id}/`),
      kind: 'acquisition',
      rel: 'subsection',
      updated: g.updatedAt,
    })),
    publications: [],
    paging: { page, perPage: OPDS_PAGE_SIZE, total },
  };
}

/** Which acquisition feed: the recent translations, one language's, one book's, or a search. */
export type AcquisitionScope =
  | { kind: 'recent' }
  | { kind: 'language'; language: string }
  | { kind: 'book'; bookId: string }
  | { kind: 'search'; query: string };

/** One page of finished translations in `scope`, newest first (a book's by language). */
export async function acquisitionFeed(
  r: CatalogueReader,
  scope: AcquisitionScope,
  page: number,
): Promise<CatalogueFeed> {
  const { path, title, id, filter, query } = describe(r, scope);
  const { rows, total } = await repo.page(r.db, r.userId, filter, window(page));
  if (scope.kind === 'book' && total === 0) throw new AppError('NOT_FOUND', 'Book not found');
  const publications = rows.map((row) => toPublication(row, r.hrefs));
  return {
    id: `${id}:${page}`,
    title: title(rows[0]?.book.title),
    kind: 'acquisition',
    updated: newest(publications.map((p) => p.updated)),
    links: [
      ...baseLinks(r, path, 'acquisition', { ...query, page }),
      up(r),
      ...pageLinks(r, path, 'acquisition', page, total, query),
    ],
    navigation: [],
    publications,
    paging: { page, perPage: OPDS_PAGE_SIZE, total },
  };
}

function describe(r: CatalogueReader, scope: AcquisitionScope) {
  const searchKey = r.hrefs.version === 'v2' ? 'query' : 'q';
  switch (scope.kind) {
    case 'recent':
      return {
        path: 'recent/',
        id: 'urn:booktranslate:opds:recent',
        title: () => 'Recent translations',
        filter: {},
        query: {},
      };
    case 'language':
      return {
        path: `languages/${encodeURIComponent(scope.language)}/`,
        id: `urn:booktranslate:opds:language:${scope.language}`,
        title: () => `In ${languageName(scope.language)}`,
        filter: { language: scope.language } satisfies CatalogueFilter,
        query: {},
      };
    case 'book':
      return {
        path: `books/${scope.bookId}/`,
        id: `urn:booktranslate:opds:book:${scope.bookId}`,
        title: (bookTitle?: string) => bookTitle ?? 'Book',
        filter: { bookId: scope.bookId } satisfies CatalogueFilter,
        query: {},
      };
    case 'search':
      return {
        path: 'search/',
        id: `urn:booktranslate:opds:search:${encodeURIComponent(scope.query)}`,
        title: () => `Search: ${scope.query}`,
        filter: { search: scope.query } satisfies CatalogueFilter,
        query: { [searchKey]: scope.query },
      };
  }
}

const window = (page: number) => ({ limit: OPDS_PAGE_SIZE, offset: (page - 1) * OPDS_PAGE_SIZE });

const newest = (dates: Date[]) =>
  dates.length === 0 ? NEVER : new Date(Math.max(...dates.map((d) => d.getTime())));

function baseLinks(
  r: CatalogueReader,
  path: string,
  kind: 'navigation' | 'acquisition',
  query: Record<string, string | number | undefined> = {},
): CatalogueLink[] {
  const self = { ...query, page: query.page === 1 ? undefined : query.page };
  const links: CatalogueLink[] = [
    { rel: 'self', href: r.hrefs.feed(path, self), type: r.hrefs.feedType(kind) },
    { rel: 'start', href: r.hrefs.feed(''), type: r.hrefs.feedType('navigation') },
  ];
  if (r.hrefs.version === 'v1') {
    links.push({
      rel: 'search',
      href: r.hrefs.feed('opensearch.xml'),
      type: opdsMediaTypes.openSearch,
      title: 'Search',
    });
  } else {
    const href = `${r.hrefs.feed('search/')}{?query}`;
    links.push({ rel: 'search', href, type: opdsMediaTypes.opds2, title: 'Search', templated: true });
  }
  return links;
}

const up = (r: CatalogueReader): CatalogueLink => ({
  rel: 'up',
  href: r.hrefs.feed(''),
  type: r.hrefs.feedType('navigation'),
});

/** first, previous, next and last (RFC 5005), each only where it leads somewhere. */
function pageLinks(
  r: CatalogueReader,
  path: string,
  kind: 'navigation' | 'acquisition',
  page: number,
  total: number,
  query: Record<string, string> = {},
): CatalogueLink[] {
  const last = Math.max(1, Math.ceil(total / OPDS_PAGE_SIZE));
  const link = (rel: string, n: number): CatalogueLink => ({
    rel,
    href: r.hrefs.feed(path, { ...query, page: n === 1 ? undefined : n }),
    type: r.hrefs.feedType(kind),
  });
  const links = [link('first', 1)];
  if (page > 1) links.push(link('previous', Math.min(page - 1, last)));
  if (page < last) links.push(link('next', page + 1));
  links.push(link('last', last));
  return links;
}
