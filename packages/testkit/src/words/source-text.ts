import { strFromU8, unzipSync } from 'fflate';

// Markup whose text a reader never sees on the page.
const HIDDEN =
  /<(head|script|style|title|desc|metadata|annotation|annotation-xml|pagenum|binary|description)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
// Tags that separate words; any other tag (i, span, a...) may sit inside a word and is dropped.
const SEPARATING =
  /<\/?(p|div|h[1-6]|li|dt|dd|td|th|tr|br|section|article|aside|blockquote|pre|figure|figcaption|caption|text|tspan|line|level\d|hd|v|stanza|title|subtitle|poem|epigraph|cite|table|mi|mn|mo|mtext|ms)\b[^>]*>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The visible text of a content document by plain string surgery, independent of the reader under
 * test: hidden parts cut, separating tags made spaces, other tags dropped, entities decoded.
 */
export function visibleText(markup: string): string {
  return markup
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(HIDDEN, ' ')
    .replace(SEPARATING, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    });
}

/**
 * The text of every spine document of an EPUB (XHTML, SVG, DTBook), in spine order, read without
 * our EPUB reader so that tests of the reader can trust it.
 * @example wordBag(epubSourceText(bytes))
 */
export function epubSourceText(bytes: Uint8Array): string {
  const files = unzipSync(bytes);
  const read = (name: string) => {
    const data = files[name];
    return data ? strFromU8(data) : '';
  };
  const container = read('META-INF/container.xml');
  const opfPath = /full-path="([^"]+)"/.exec(container)?.[1] ?? '';
  const opf = read(opfPath);
  const base = opfPath.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
  const items = new Map<string, { href: string; type: string; nav: boolean }>();
  for (const [tag] of opf.matchAll(/<(?:\w+:)?item\b[^>]*>/g)) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
    items.set(attr('id'), {
      href: attr('href'),
      type: attr('media-type'),
      nav: /\bnav\b/.test(attr('properties')),
    });
  }
  const parts: string[] = [];
  for (const [, idref] of opf.matchAll(/<(?:\w+:)?itemref\b[^>]*idref="([^"]+)"/g)) {
    const item = items.get(idref ?? '');
    if (!item || item.nav || !/xhtml|html|svg|dtbook/.test(item.type)) continue;
    parts.push(visibleText(read(base + decodeURIComponent(item.href))));
  }
  return parts.join('\n');
}

/** The text of an FB2's bodies (description and binaries left out). */
export function fb2SourceText(bytes: Uint8Array): string {
  const xml = new TextDecoder().decode(bytes);
  return [...xml.matchAll(/<body\b[^>]*>([\s\S]*?)<\/body>/g)].map((m) => visibleText(m[1] ?? '')).join('\n');
}
