import { PREVIEW_SCHEME } from './atom-feed';
import type { CatalogueFeed, CatalogueLink, Publication } from './catalogue-model';

/**
 * A catalogue feed as OPDS 2.0 JSON (application/opds+json): the same links, navigation and
 * publications as the Atom one. JSON.stringify escapes every value.
 */
export function opds2Feed(feed: CatalogueFeed): Record<string, unknown> {
  const metadata: Record<string, unknown> = { title: feed.title, modified: feed.updated.toISOString() };
  if (feed.paging) {
    metadata.numberOfItems = feed.paging.total;
    metadata.itemsPerPage = feed.paging.perPage;
    metadata.currentPage = feed.paging.page;
  }
  const document: Record<string, unknown> = { metadata, links: feed.links.map(jsonLink) };
  if (feed.kind === 'navigation') {
    document.navigation = feed.navigation.map((item) => ({
      href: item.href,
      title: item.title,
      type: 'application/opds+json',
      rel: item.rel,
      properties: { description: item.summary },
    }));
  } else {
    document.publications = feed.publications.map(publication);
  }
  return document;
}

function jsonLink(link: CatalogueLink): Record<string, unknown> {
  const out: Record<string, unknown> = { rel: link.rel, href: link.href, type: link.type };
  if (link.title) out.title = link.title;
  if (link.templated) out.templated = true;
  return out;
}

function publication(p: Publication): Record<string, unknown> {
  const metadata: Record<string, unknown> = {
    '@type': 'http://schema.org/Book',
    identifier: `urn:uuid:${p.id}`,
    title: p.title,
    language: p.language,
    modified: p.updated.toISOString(),
  };
  if (p.published) metadata.published = p.published.toISOString();
  if (p.authors.length > 0) metadata.author = p.authors.map((name) => ({ name }));
  if (p.summary) metadata.description = p.summary;
  if (p.preview) {
    metadata.subtitle = p.preview;
    metadata.subject = [{ name: p.preview, code: 'preview', scheme: PREVIEW_SCHEME }];
  }
  const images = p.cover
    ? [
        { href: p.cover.href, type: p.cover.type, rel: 'http://opds-spec.org/image' },
        { href: p.cover.href, type: p.cover.type, rel: 'http://opds-spec.org/image/thumbnail' },
      ]
    : [];
  return { metadata, links: p.acquisitions.map(jsonLink), images };
}
