import { HTML_VOID_ELEMENTS } from './html-void-elements';
import type { XmlElement, XmlNode } from './xml-dom';
import { escapeText, startTag } from './xml-query';

const XML_NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;

const PROLOGUE = {
  2: '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">\n',
  3: '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n',
};

/**
 * Writes a tree built by the forgiving parser as well-formed XHTML: every element closed, text and
 * attribute values escaped (no named entities), names that are not XML names dropped, the XHTML
 * namespace declared. The writer then splices translations into this repaired text like any other.
 * @example serializeXhtml(parseXml('<p>a<br>b', { lenient: true }).root, 3)
 */
export function serializeXhtml(root: XmlElement, version: 2 | 3): string {
  const attrs: Record<string, string> = {
    ...root.attrs,
    xmlns: root.attrs.xmlns ?? 'http://www.w3.org/1999/xhtml',
  };
  if (version === 3) attrs['xmlns:epub'] ??= 'http://www.idpf.org/2007/ops';
  return `${PROLOGUE[version]}${write({ ...root, attrs })}\n`;
}

function write(node: XmlNode): string {
  if (node.type === 'text') return escapeText(node.text);
  const inner = node.children.map(write).join('');
  if (!XML_NAME.test(node.name)) return inner;
  const attrs: Record<string, string> = {};
  for (const [key, value] of Object.entries(node.attrs)) if (XML_NAME.test(key)) attrs[key] = value;
  if (inner === '' && HTML_VOID_ELEMENTS.has(node.name.toLowerCase()))
    return startTag(node.name, attrs, true);
  return `${startTag(node.name, attrs)}${inner}</${node.name}>`;
}
