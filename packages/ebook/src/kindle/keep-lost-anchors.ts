import type { BlockSpan } from '../extract-blocks';
import type { XmlDocument, XmlElement } from '../xml-dom';

/**
 * Gives every id of a document a block to stand on. Kindle books mark link targets with empty
 * anchors (`<div><a id="note_1"></a></div>`, `<a id="filepos123"></a>` between blocks) that make no
 * block of their own, so the block extraction never sees them: each such id becomes an alias of the
 * block it stands in or, failing that, of the next one.
 * @example keepLostAnchors(doc, spans) // spans[3].block.aliases // ['note_1']
 */
export function keepLostAnchors(doc: XmlDocument, spans: BlockSpan[]): void {
  if (spans.length === 0) return;
  const known = new Set<string>();
  for (const { block } of spans) {
    if (block.anchor) known.add(block.anchor);
    for (const alias of block.aliases ?? []) known.add(alias);
    for (const tag of block.inlines) if (tag.attrs?.id) known.add(tag.attrs.id);
  }
  const visit = (el: XmlElement) => {
    const id = el.attrs.id ?? (el.name === 'a' ? el.attrs.name : undefined);
    if (id && !known.has(id)) {
      known.add(id);
      const span = spanAt(spans, el.start);
      span.block.aliases = [...(span.block.aliases ?? []), id];
    }
    for (const child of el.children) if (child.type === 'element') visit(child);
  };
  visit(doc.root);
}

// The first span that ends after `offset` (the one holding it, or the next), else the last.
function spanAt(spans: BlockSpan[], offset: number): BlockSpan {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((spans[mid] as BlockSpan).end > offset) hi = mid;
    else lo = mid + 1;
  }
  return spans[lo] as BlockSpan;
}
