import { Parser } from 'htmlparser2';
import { EbookError } from './errors';
import type { XmlElement } from './parse-xml-tree';
import { checkAttributes, checkDepth } from './structure-limits';

/**
 * The same tree as parseXmlTree from XML that is not well-formed (crossed or stray end tags), with
 * htmlparser2 in XML mode: an end tag closes the elements opened after its own start tag, an end tag
 * with no start tag is ignored. Only XML's own entities are decoded; DOCTYPE subsets are refused.
 * @example parseXmlTreeLeniently('<p><b>a</i></b></p>') // { name: 'p', children: [{ name: 'b', children: ['a'] }] }
 */
export function parseXmlTreeLeniently(text: string): XmlElement {
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  const top = () => stack[stack.length - 1] as XmlElement;
  let attributes = 0;
  const parser = new Parser(
    {
      onprocessinginstruction(name, data) {
        if (name.toLowerCase() === '!doctype' && /[[<]|ENTITY/i.test(data)) {
          throw new EbookError('doctype', 'the XML declares a DOCTYPE with entities; it is refused unread');
        }
      },
      onopentagname() {
        attributes = 0;
      },
      onattribute() {
        checkAttributes(++attributes);
      },
      onopentag(name, attribs) {
        const element: XmlElement = {
          name: name.slice(name.indexOf(':') + 1),
          attrs: { ...attribs },
          children: [],
        };
        top().children.push(element);
        stack.push(element);
        checkDepth(stack.length - 1);
      },
      onclosetag() {
        if (stack.length > 1) stack.pop();
      },
      ontext(value) {
        const parent = top();
        const last = parent.children[parent.children.length - 1];
        if (typeof last === 'string') parent.children[parent.children.length - 1] = last + value;
        else parent.children.push(value);
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.end(text);
  const element = root.children.find((child): child is XmlElement => typeof child !== 'string');
  if (!element) throw new EbookError('corrupt', 'the XML has no root element');
  return element;
}
