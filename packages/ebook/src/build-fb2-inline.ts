import type { BlockBuilder, InlineInput } from './build-block';
import type { InlineKind } from './model';
import { attr, type XmlElement, type XmlNode } from './parse-xml-tree';

const KINDS: Record<string, InlineKind> = {
  strong: 'strong',
  emphasis: 'emphasis',
  style: 'span',
  strikethrough: 'strikethrough',
  sub: 'subscript',
  sup: 'superscript',
  code: 'code',
};

/**
 * Feeds the inline content of an FB2 paragraph-like element into a block builder: styles become
 * paired placeholders, `<a type="note">` (or a link into a notes body) a noteref, inline images a
 * standalone placeholder. Unknown elements keep their text and lose the tag.
 * @example buildFb2Inline(builder, p, new Set(['n1'])) // '<g1>Hi</g1> there<x2/>'
 */
export function buildFb2Inline(builder: BlockBuilder, element: XmlElement, noteIds: Set<string>): void {
  for (const child of element.children) addNode(builder, child, noteIds);
}

function addNode(builder: BlockBuilder, node: XmlNode, noteIds: Set<string>): void {
  if (typeof node === 'string') {
    builder.text(node);
    return;
  }
  if (node.name === 'image') {
    const href = attr(node, 'href') ?? '';
    builder.empty({ kind: 'image', tag: 'image', attrs: pick(node, ['alt']), href: href.replace(/^#/, '') });
    return;
  }
  const tag = inlineTag(node, noteIds);
  if (!tag) {
    buildFb2Inline(builder, node, noteIds);
    return;
  }
  const n = builder.open(tag);
  buildFb2Inline(builder, node, noteIds);
  builder.close(n);
}

function inlineTag(node: XmlElement, noteIds: Set<string>): InlineInput | null {
  if (node.name === 'a') {
    const href = attr(node, 'href') ?? '';
    const isNote = attr(node, 'type') === 'note' || (href.startsWith('#') && noteIds.has(href.slice(1)));
    return {
      kind: isNote ? 'noteref' : 'link',
      tag: 'a',
      href,
      ...(isNote ? { attrs: { type: 'note' } } : {}),
    };
  }
  const kind = KINDS[node.name];
  if (!kind) return null;
  return { kind, tag: node.name, ...(node.name === 'style' ? { attrs: pick(node, ['name']) } : {}) };
}

function pick(node: XmlElement, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = attr(node, name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}
