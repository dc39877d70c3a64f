import type { LoadedEpub } from './load-epub';
import { descendants, textContent } from './xml-query';

const VERTICAL = /(?:^|[\s;{"'-])writing-mode\s*:\s*(?:vertical-|tb)/i;

/**
 * Why the package's page-progression-direction must stay as the source set it, or null when the
 * translation may follow the target language. A pre-paginated (fixed-layout) book's spreads pair
 * pages in the source's order, and vertical writing flows its pages right to left whatever the
 * language of the words; the CSS is not rewritten, so neither may the direction be.
 * @example fixedPageDirection(loadEpub(manga)) // 'pre-paginated'
 */
export function fixedPageDirection({
  pkg,
  zip,
  docs,
}: LoadedEpub): 'pre-paginated' | 'vertical-writing' | null {
  const root = pkg.opf.root;
  for (const meta of descendants(root, 'meta')) {
    const property = meta.attrs.property ?? '';
    if (property === 'rendition:layout' && textContent(meta).trim() === 'pre-paginated')
      return 'pre-paginated';
    // EPUB 2 fixed layout as Apple and Kobo read it.
    if (meta.attrs.name === 'fixed-layout' && meta.attrs.content === 'true') return 'pre-paginated';
  }
  for (const itemref of descendants(root, 'itemref'))
    if (/\brendition:layout-pre-paginated\b/.test(itemref.attrs.properties ?? '')) return 'pre-paginated';
  for (const doc of docs) if (VERTICAL.test(doc.doc.source)) return 'vertical-writing';
  for (const item of pkg.manifest.values()) {
    const entry = item.mediaType === 'text/css' ? zip.get(item.path) : undefined;
    if (entry && VERTICAL.test(new TextDecoder().decode(zip.read(entry)))) return 'vertical-writing';
  }
  return null;
}
