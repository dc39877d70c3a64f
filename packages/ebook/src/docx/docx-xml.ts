import { decodeXmlBytes } from '../decode-xml-bytes';
import { EbookError } from '../errors';
import type { ZipArchive } from '../read-zip';
import { parseXml, type XmlDocument, type XmlElement } from '../xml-dom';
import { attrByLocal, localName } from '../xml-query';

/** The relationships namespace of transitional and strict OOXML, for `r:id` and `r:embed`. */
const RELATIONSHIP_NS =
  /^http:\/\/(schemas\.openxmlformats\.org|purl\.oclc\.org\/ooxml)\/officeDocument\/2006\/relationships$/;

/**
 * One part of the package parsed with its source offsets, or null when the archive lacks it. A part
 * that is not well-formed XML is 'corrupt'; a DOCTYPE with entities is refused ('doctype').
 * @example readPart(zip, 'word/styles.xml')?.root.name // 'w:styles'
 */
export function readPart(zip: ZipArchive, path: string): XmlDocument | null {
  const entry = zip.get(path);
  if (!entry) return null;
  try {
    return parseXml(decodeXmlBytes(zip.read(entry), path), { name: path });
  } catch (error) {
    if (error instanceof EbookError && error.code === 'corrupt')
      throw new EbookError('corrupt', `The document is damaged: its part ${path} is not well-formed XML`);
    throw error;
  }
}

/** The `w:val` of an element (any prefix), e.g. the style id of `<w:pStyle w:val="Heading1"/>`. */
export function val(el: XmlElement | undefined): string | undefined {
  return el ? attrByLocal(el, 'val') : undefined;
}

/** A toggle property such as `<w:b/>` or `<w:i w:val="0"/>`: on unless its value says off. */
export function isOn(el: XmlElement | undefined): boolean {
  if (!el) return false;
  const value = val(el);
  return value === undefined || !/^(0|false|off|none)$/i.test(value);
}

/** The first child element with this local name. */
export function child(el: XmlElement, local: string): XmlElement | undefined {
  for (const node of el.children) if (node.type === 'element' && localName(node.name) === local) return node;
  return undefined;
}

/**
 * An attribute in the relationships namespace (`r:id`, `r:embed`), whatever prefix the document
 * declared for it: `w:id` on the same element is a different attribute.
 */
export function relAttr(el: XmlElement, local: string): string | undefined {
  for (const [key, value] of Object.entries(el.attrs)) {
    const colon = key.indexOf(':');
    if (colon < 0 || key.slice(colon + 1) !== local) continue;
    if (RELATIONSHIP_NS.test(namespaceOf(el, key.slice(0, colon)) ?? '')) return value;
  }
  return undefined;
}

function namespaceOf(el: XmlElement, prefix: string): string | undefined {
  for (let at: XmlElement | null = el; at; at = at.parent) {
    const uri = at.attrs[`xmlns:${prefix}`];
    if (uri !== undefined) return uri;
  }
  return undefined;
}
