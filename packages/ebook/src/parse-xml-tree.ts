import { EbookError } from './errors';
import { FastSaxesParser } from './fast-saxes';
import { checkAttributes, checkDepth } from './structure-limits';

/** A parsed XML element: local name (prefix dropped), raw attributes, children in order. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

/**
 * Parses XML into a small tree with saxes (strict, non-validating). A DOCTYPE with an internal
 * subset or entity declarations is refused ('doctype') and never expanded; an undeclared entity
 * such as `&FBReaderVersion;` is kept as literal text; any other well-formedness error is 'corrupt'.
 * @example parseXmlTree('<a x="1">hi<b/></a>') // { name: 'a', attrs: { x: '1' }, children: ['hi', {...}] }
 */
export function parseXmlTree(text: string): XmlElement {
  const parser = new FastSaxesParser({ position: true });
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  let attributes = 0;
  parser.on('opentagstart', () => {
    attributes = 0;
  });
  parser.on('attribute', () => checkAttributes(++attributes));
  parser.on('doctype', (doctype) => {
    if (/[[<]|ENTITY/i.test(doctype)) {
      throw new EbookError('doctype', 'the XML declares a DOCTYPE with entities; it is refused unread');
    }
  });
  parser.on('error', (error) => {
    // saxes keeps "&name;" as text after reporting it: exactly what readers such as FBReader show.
    if (/undefined entity/.test(error.message)) return;
    throw new EbookError('corrupt', `the XML is malformed: ${error.message.replace(/\s+/g, ' ')}`);
  });
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes)) attrs[key] = String(value);
    const element: XmlElement = { name: localName(tag.name), attrs, children: [] };
    (stack[stack.length - 1] as XmlElement).children.push(element);
    stack.push(element);
    // The FB2 reader recurses into sections: 10,000 nested ones must not overflow its stack.
    checkDepth(stack.length - 1);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const onText = (value: string) => {
    const parent = stack[stack.length - 1] as XmlElement;
    const last = parent.children[parent.children.length - 1];
    if (typeof last === 'string') parent.children[parent.children.length - 1] = last + value;
    else parent.children.push(value);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(text).close();
  const element = root.children.find((child): child is XmlElement => typeof child !== 'string');
  if (!element) throw new EbookError('corrupt', 'the XML has no root element');
  return element;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** Attribute value by local name, whatever its prefix (FB2 books use l:, xlink: and others for href). */
export function attr(element: XmlElement, name: string): string | undefined {
  if (element.attrs[name] !== undefined) return element.attrs[name];
  for (const [key, value] of Object.entries(element.attrs)) if (key.endsWith(`:${name}`)) return value;
  return undefined;
}

/** Child elements, optionally only those with a given local name. */
export function elements(parent: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of parent.children)
    if (typeof child !== 'string' && (!name || child.name === name)) out.push(child);
  return out;
}

/** All text inside an element, tags dropped, whitespace collapsed. */
export function textOf(node: XmlNode): string {
  const collect = (n: XmlNode): string => (typeof n === 'string' ? n : n.children.map(collect).join(''));
  return collect(node).replace(/\s+/g, ' ').trim();
}
