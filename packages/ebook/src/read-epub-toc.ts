import { resolveHref } from './epub-paths';
import type { XmlElement } from './xml-dom';
import { attrByLocal, childElements, descendants, labelText, localName } from './xml-query';

/** A TOC entry pointing at an archive path, before paths are mapped to chapter ids. */
export interface RawTocEntry {
  title: string;
  path: string;
  fragment?: string;
  children: RawTocEntry[];
}

/**
 * The EPUB 3 navigation document's `toc` nav as a tree.
 * @example readNavToc(parseXml(navSource).root, 'OEBPS/nav.xhtml')
 */
export function readNavToc(root: XmlElement, navPath: string): RawTocEntry[] {
  const navs = descendants(root, 'nav');
  const toc = navs.find((nav) => (attrByLocal(nav, 'type') ?? '').split(/\s+/).includes('toc')) ?? navs[0];
  const list = toc && childElements(toc, 'ol')[0];
  return list ? readNavList(list, navPath) : [];
}

function readNavList(ol: XmlElement, navPath: string): RawTocEntry[] {
  const entries: RawTocEntry[] = [];
  for (const li of childElements(ol, 'li')) {
    const label = li.children.find(
      (c): c is XmlElement => c.type === 'element' && ['a', 'span'].includes(localName(c.name)),
    );
    const sub = childElements(li, 'ol')[0];
    const children = sub ? readNavList(sub, navPath) : [];
    const href = label && attrByLocal(label, 'href');
    const ref = href ? resolveHref(navPath, href) : null;
    if (label && ref)
      entries.push({
        title: labelText(label),
        path: ref.path,
        ...(ref.fragment && { fragment: ref.fragment }),
        children,
      });
    else entries.push(...children); // a heading without a link: keep its entries at this level
  }
  return entries;
}

/**
 * The NCX navMap as a tree (EPUB 2, and EPUB 3 books that ship one for old readers).
 * @example readNcxToc(parseXml(ncxSource).root, 'OEBPS/toc.ncx')
 */
export function readNcxToc(root: XmlElement, ncxPath: string): RawTocEntry[] {
  const navMap = descendants(root, 'navMap')[0];
  return navMap ? readNavPoints(navMap, ncxPath) : [];
}

function readNavPoints(parent: XmlElement, ncxPath: string): RawTocEntry[] {
  const entries: RawTocEntry[] = [];
  for (const point of childElements(parent, 'navPoint')) {
    const label = childElements(point, 'navLabel')[0];
    const content = childElements(point, 'content')[0];
    const ref = content ? resolveHref(ncxPath, attrByLocal(content, 'src') ?? '') : null;
    const children = readNavPoints(point, ncxPath);
    if (ref)
      entries.push({
        title: label ? labelText(label) : '',
        path: ref.path,
        ...(ref.fragment && { fragment: ref.fragment }),
        children,
      });
    else entries.push(...children);
  }
  return entries;
}
