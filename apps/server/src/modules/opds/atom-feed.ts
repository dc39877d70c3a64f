import type { CatalogueFeed, CatalogueLink, NavigationItem, Publication } from './catalogue-model';
import { escapeXml as x } from './xml-escape';

const NAMESPACES = [
  'xmlns="http://www.w3.org/2005/Atom"',
  'xmlns:dc="http://purl.org/dc/terms/"',
  'xmlns:opds="http://opds-spec.org/2010/catalog"',
  'xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/"',
].join(' ');

/** Where the category that labels a Free preview comes from. */
export const PREVIEW_SCHEME = 'https://booktranslate.app/opds/labels';

/**
 * A catalogue feed as an OPDS 1.2 Atom document: navigation entries with `content`, publication
 * entries with Dublin Core language, summary, cover and thumbnail, and acquisition links. Every
 * value is escaped; the structure is fixed, so nothing a book says can add an element.
 */
export function atomFeed(feed: CatalogueFeed, author: { name: string; uri: string }): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed ${NAMESPACES}>`,
    `  <id>${x(feed.id)}</id>`,
    `  <title>${x(feed.title)}</title>`,
    `  <updated>${feed.updated.toISOString()}</updated>`,
    `  <author><name>${x(author.name)}</name><uri>${x(author.uri)}</uri></author>`,
    ...feed.links.map((link) => `  ${atomLink(link)}`),
  ];
  if (feed.paging) {
    lines.push(
      `  <opensearch:totalResults>${feed.paging.total}</opensearch:totalResults>`,
      `  <opensearch:itemsPerPage>${feed.paging.perPage}</opensearch:itemsPerPage>`,
      `  <opensearch:startIndex>${(feed.paging.page - 1) * feed.paging.perPage + 1}</opensearch:startIndex>`,
    );
  }
  lines.push(...feed.navigation.map(navigationEntry), ...feed.publications.map(publicationEntry), '</feed>');
  return `${lines.join('\n')}\n`;
}

function atomLink(link: CatalogueLink): string {
  const title = link.title ? ` title="${x(link.title)}"` : '';
  return `<link rel="${x(link.rel)}" href="${x(link.href)}" type="${x(link.type)}"${title}/>`;
}

function navigationEntry(item: NavigationItem): string {
  const type = `application/atom+xml;profile=opds-catalog;kind=${item.kind}`;
  return [
    '  <entry>',
    `    <title>${x(item.title)}</title>`,
    `    <id>${x(item.id)}</id>`,
    `    <updated>${item.updated.toISOString()}</updated>`,
    `    <content type="text">${x(item.summary)}</content>`,
    `    ${atomLink({ rel: item.rel, href: item.href, type })}`,
    '  </entry>',
  ].join('\n');
}

function publicationEntry(p: Publication): string {
  const lines = [
    '  <entry>',
    `    <title>${x(p.title)}</title>`,
    `    <id>urn:uuid:${x(p.id)}</id>`,
    `    <updated>${p.updated.toISOString()}</updated>`,
  ];
  if (p.published) lines.push(`    <published>${p.published.toISOString()}</published>`);
  for (const name of p.authors) lines.push(`    <author><name>${x(name)}</name></author>`);
  lines.push(`    <dc:language>${x(p.language)}</dc:language>`);
  if (p.preview)
    lines.push(`    <category scheme="${PREVIEW_SCHEME}" term="preview" label="${x(p.preview)}"/>`);
  if (p.summary) {
    lines.push(`    <summary type="text">${x(p.summary)}</summary>`);
    lines.push(`    <content type="text">${x(p.summary)}</content>`);
  }
  if (p.cover) {
    lines.push(`    ${atomLink({ rel: 'http://opds-spec.org/image', ...p.cover })}`);
    lines.push(`    ${atomLink({ rel: 'http://opds-spec.org/image/thumbnail', ...p.cover })}`);
  }
  for (const link of p.acquisitions) lines.push(`    ${atomLink(link)}`);
  lines.push('  </entry>');
  return lines.join('\n');
}
