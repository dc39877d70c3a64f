import type { InlineTag } from './model';
import { parsePlaceholders } from './placeholders';
import { escapeText, startTag } from './xml-query';

/** How an inline tag is written: the same-format writer restores the source tag, others map kinds. */
export type TagWriter = (tag: InlineTag) => { open: string; close: string; empty: string };

/**
 * Restores the source element: its raw markup for opaque ones, else its name and attributes. An
 * `<img>` without alt text (invalid XHTML) gets an empty one.
 */
export const sourceTagWriter: TagWriter = (tag) => {
  const name = tag.tag ?? 'span';
  const open = startTag(name, tag.attrs);
  return {
    open,
    close: `</${name}>`,
    empty: tag.raw === undefined ? `${open}</${name}>` : withAlt(tag, tag.raw),
  };
};

function withAlt(tag: InlineTag, raw: string): string {
  if (tag.kind !== 'image' || (tag.attrs && 'alt' in tag.attrs)) return raw;
  return raw.replace(/^<((?:[\w-]+:)?img)\b/, '<$1 alt=""');
}

/**
 * Writes placeholder text as XHTML, putting each inline tag back. Tolerant of a damaged
 * translation: unknown or repeated placeholders are dropped, stray closers ignored and unclosed
 * tags closed at the end, so the output is always well-formed.
 * @example renderXhtml('<g1>Hola</g1> & adiós', [{ n: 1, kind: 'emphasis', empty: false, tag: 'i' }]) // '<i>Hola</i> &amp; adiós'
 */
export function renderXhtml(
  text: string,
  inlines: InlineTag[],
  writeTag: TagWriter = sourceTagWriter,
): string {
  const byNumber = new Map(inlines.map((t) => [t.n, t]));
  const used = new Set<number>();
  const open: { n: number; close: string }[] = [];
  let out = '';
  for (const token of parsePlaceholders(text)) {
    if (token.type === 'text') {
      out += escapeText(token.value);
      continue;
    }
    const tag = byNumber.get(token.n);
    if (token.type === 'close') {
      const at = open.findLastIndex((o) => o.n === token.n);
      if (at < 0) continue;
      // Close anything opened inside it first, so tags never cross.
      for (const o of open.splice(at).reverse()) out += o.close;
      continue;
    }
    if (!tag || used.has(token.n)) continue;
    used.add(token.n);
    const written = writeTag(tag);
    if (token.type === 'empty') out += written.empty;
    else {
      out += written.open;
      open.push({ n: token.n, close: written.close });
    }
  }
  for (const o of open.reverse()) out += o.close;
  return out;
}
