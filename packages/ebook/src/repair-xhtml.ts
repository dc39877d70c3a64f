import { type SourceEdit, setAttributes } from './edit-source';
import type { XmlElement } from './xml-dom';
import { localName, startTag } from './xml-query';

// Flow content that XHTML does not allow inside a <p>.
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'div',
  'dl',
  'fieldset',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
]);

/**
 * Edits that fix what real-world content documents often get wrong, where the fix is safe: an `<img>`
 * without `alt` gets an empty one, and a `<p>` holding block elements (calibre writes them) becomes a
 * `<div>` with the same attributes. Valid documents get no edits.
 * @example repairEdits(parseXml('<body><p><div>x</div></p></body>').root) // <p> -> <div>
 */
export function repairEdits(root: XmlElement): SourceEdit[] {
  const edits: SourceEdit[] = [];
  const visit = (el: XmlElement) => {
    const name = localName(el.name);
    if (name === 'img' && !('alt' in el.attrs)) {
      const edit = setAttributes(el, { alt: '' });
      if (edit) edits.push(edit);
    }
    if (name === 'p' && el.children.some((c) => c.type === 'element' && BLOCKS.has(localName(c.name)))) {
      const div = el.name.replace(/p$/, 'div');
      edits.push({ start: el.start, end: el.openEnd, text: startTag(div, el.attrs) });
      if (el.closeStart < el.end) edits.push({ start: el.closeStart, end: el.end, text: `</${div}>` });
    }
    for (const child of el.children) if (child.type === 'element') visit(child);
  };
  visit(root);
  return edits;
}
