import { escapeXml, escapeXmlText } from './escape-xml';
import type { XmlElement, XmlNode } from './xml-node';

/** `dc:title` -> `title`. */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** An attribute by local name, whatever prefix the document gave it (`opf:role`, `role`). */
export function attrByLocal(el: XmlElement, local: string): string | undefined {
  if (local in el.attrs) return el.attrs[local];
  for (const [key, value] of Object.entries(el.attrs)) if (localName(key) === local) return value;
  return undefined;
}

export function childElements(el: XmlElement, local?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of el.children)
    if (child.type === 'element' && (local === undefined || localName(child.name) === local)) out.push(child);
  return out;
}

/** Depth-first descendants with the given local name. */
export function descendants(el: XmlElement, local: string, out: XmlElement[] = []): XmlElement[] {
  for (const child of el.children) {
    if (child.type !== 'element') continue;
    if (localName(child.name) === local) out.push(child);
    descendants(child, local, out);
  }
  return out;
}

export function textContent(node: XmlNode): string {
  if (node.type === 'text') return node.text;
  let out = '';
  for (const child of node.children) out += textContent(child);
  return out;
}

/**
 * Text content with whitespace collapsed, as a reader would display a label: a `<br/>` inside it
 * ("A Guide to<br/>Indexes") keeps the words on either side apart.
 */
export function labelText(node: XmlNode): string {
  return spacedText(node).replace(/\s+/g, ' ').trim();
}

function spacedText(node: XmlNode): string {
  if (node.type === 'text') return node.text;
  if (localName(node.name) === 'br') return ' ';
  let out = '';
  for (const child of node.children) out += spacedText(child);
  return out;
}

// Every XML we write escapes through escape-xml.ts, which also drops what XML 1.0 forbids.
export const escapeText = escapeXmlText;
export const escapeAttr = escapeXml;

/** A start tag from a name and attributes, e.g. `<p class="x">` (or `<br/>` when `selfClosing`). */
export function startTag(
  name: string,
  attrs: Record<string, string> | undefined,
  selfClosing = false,
): string {
  let out = `<${name}`;
  if (attrs) for (const [key, value] of Object.entries(attrs)) out += ` ${key}="${escapeAttr(value)}"`;
  return `${out}${selfClosing ? '/>' : '>'}`;
}
