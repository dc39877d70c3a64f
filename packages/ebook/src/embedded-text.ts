import { describesFormula } from './math-alt';
import { MATH_TOKENS } from './math-tokens';
import type { XmlElement, XmlNode } from './xml-node';
import { localName } from './xml-query';

/** Elements whose content is fallback for readers that cannot play or show them. */
export const FALLBACK_HOSTS = new Set(['object', 'audio', 'video']);

/** Children of a fallback host that are not fallback: they configure the media, and stay as written. */
export const MEDIA_CHILDREN = new Set(['param', 'source', 'track']);

/** SVG elements whose text a reader never sees on the page. */
const SVG_HIDDEN = new Set(['title', 'desc', 'metadata', 'style', 'script', 'defs']);

/**
 * True when a fallback host (`<object>`, `<audio>`, `<video>`) carries visible fallback text.
 * @example hasFallbackText(parseXml('<object><p>A quiz</p></object>').root) // true
 */
export function hasFallbackText(el: XmlElement): boolean {
  return el.children.some((child) =>
    child.type === 'text'
      ? /\S/.test(child.text)
      : !MEDIA_CHILDREN.has(localName(child.name)) && hasFallbackText(child),
  );
}

/**
 * The text that stands for a MathML formula where it cannot be shown: its `alttext` when that
 * describes it, else its tokens in reading order separated by spaces.
 * @example mathText(parseXml('<math><mi>x</mi><mo>=</mo><mn>2</mn></math>').root) // 'x = 2'
 */
export function mathText(el: XmlElement): string {
  // A converter's placeholder ("Alternative text not available") would hide the symbols.
  const alt = el.attrs.alttext?.replace(/\s+/g, ' ').trim();
  if (alt && describesFormula(alt)) return alt;
  // The strict parser kept the tokens and no nodes; the forgiving one built the whole tree.
  if (el.mathTokens !== undefined) return el.mathTokens;
  const tokens: string[] = [];
  const visit = (node: XmlNode) => {
    if (node.type === 'text') return;
    const name = localName(node.name);
    if (name === 'annotation' || name === 'annotation-xml') return;
    if (MATH_TOKENS.has(name)) {
      const text = tokenText(node).replace(/\s+/g, ' ').trim();
      if (text) tokens.push(text);
      return;
    }
    for (const child of node.children) visit(child);
  };
  visit(el);
  return tokens.join(' ');
}

function tokenText(node: XmlNode): string {
  if (node.type === 'text') return node.text;
  return node.children.map(tokenText).join('');
}

/**
 * What an SVG subtree holds for the reader, in document order: its `<text>` elements, and the
 * `<foreignObject>` elements whose XHTML is read like a page; what is never drawn (title, desc, defs,
 * style) is left out.
 * @example svgParts(svg).map((el) => el.name) // ['text', 'text', 'foreignObject']
 */
export function svgParts(svg: XmlElement, out: XmlElement[] = []): XmlElement[] {
  for (const child of svg.children) {
    if (child.type !== 'element') continue;
    const name = localName(child.name);
    if (name === 'text' || name === 'foreignObject') out.push(child);
    else if (!SVG_HIDDEN.has(name)) svgParts(child, out);
  }
  return out;
}
