import { decodeHTML } from 'entities';
import { Parser } from 'htmlparser2';
import { EbookError } from './errors';
import { HTML_VOID_ELEMENTS } from './html-void-elements';
import { checkAttributes, checkDepth } from './structure-limits';
import { checkDoctype, element, type XmlElement } from './xml-node';

/**
 * Builds the same tree as the strict parser from malformed real-world XHTML (unclosed or crossed
 * tags, stray ampersands), with htmlparser2 in XML mode. Entities are decoded from the static HTML
 * table; DOCTYPE internal subsets are refused as in the strict path.
 * HTML void elements written without a slash (`<br>`) are closed at once: in XML mode they would
 * swallow the rest of their parent.
 */
export function parseXmlLeniently(source: string): XmlElement {
  const holder = element('#document', {}, null, 0, 0);
  let current = holder;
  // Mirrors the parser's stack; void elements are closed at once, so their later close is skipped.
  const open: (XmlElement | null)[] = [];
  // Readers walk the tree recursively: depth and attribute counts are capped as the markup arrives.
  let attributes = 0;
  const parser: Parser = new Parser(
    {
      onprocessinginstruction(name, data) {
        if (name.toLowerCase() === '!doctype') checkDoctype(data);
      },
      onopentagname() {
        attributes = 0;
      },
      onattribute() {
        checkAttributes(++attributes);
      },
      onopentag(name, attribs) {
        const attrs: Record<string, string> = {};
        for (const [key, value] of Object.entries(attribs)) attrs[key] = decodeHTML(value);
        const node = element(name, attrs, current, parser.startIndex, parser.endIndex + 1);
        current.children.push(node);
        if (HTML_VOID_ELEMENTS.has(name.toLowerCase())) {
          open.push(null);
          return;
        }
        open.push(node);
        current = node;
        checkDepth(open.length);
      },
      onclosetag(_name, isImplied) {
        const node = open.pop();
        if (!node) return;
        const end = isImplied ? parser.startIndex : parser.endIndex + 1;
        node.closeStart =
          node.openEnd === end || isImplied ? Math.max(node.openEnd, parser.startIndex) : parser.startIndex;
        node.end = Math.max(end, node.closeStart);
        current = node.parent ?? holder;
      },
      ontext(text) {
        current.children.push({
          type: 'text',
          text: decodeHTML(text),
          start: parser.startIndex,
          end: parser.endIndex + 1,
        });
      },
    },
    { xmlMode: true, decodeEntities: false, recognizeSelfClosing: true },
  );
  parser.end(source);
  const root = holder.children.find((n): n is XmlElement => n.type === 'element');
  if (!root) throw new EbookError('corrupt', 'The document has no root element');
  root.parent = null;
  return root;
}
