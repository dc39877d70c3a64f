import { Parser } from 'htmlparser2';
import { HTML_VOID_ELEMENTS } from '../html-void-elements';
import { checkAttributes, checkDepth } from '../structure-limits';
import { escapeAttr, escapeText } from '../xml-query';

const XML_NAME = /^[A-Za-z_][\w.-]*$/;
/** Elements left out with everything in them: the head (MOBI 6 keeps its guide there), scripts. */
const DROPPED = new Set(['head', 'script', 'style', 'guide', 'template']);
/** Elements whose tags go but whose content stays: the document wrappers, Mobipocket's own tags. */
const UNWRAPPED = new Set(['html', 'body']);

/** Changes one element's attributes as it is written (links, image sources); null drops it. */
export type AttributeMap = (name: string, attrs: Record<string, string>) => Record<string, string>;

/**
 * Turns a piece of HTML as Mobipocket wrote it (unclosed `<p>`, `<br>`, `<font>`, `mbp:` tags, a
 * page's worth cut out of a longer document) into a well-formed XHTML document: htmlparser2 in
 * HTML mode closes what HTML closes implicitly, and every element is written closed and escaped.
 * @example htmlToXhtml('<p>a<p>b<br>c', (n, a) => a) // '…<body><p>a</p><p>b<br/>c</p></body></html>'
 */
export function htmlToXhtml(html: string, mapAttributes: AttributeMap): string {
  const out: string[] = [];
  // One entry per open element: whether its tags are written.
  const open: boolean[] = [];
  let dropped = 0;
  let attributes = 0;
  const parser = new Parser(
    {
      onopentagname() {
        attributes = 0;
      },
      onattribute() {
        checkAttributes(++attributes);
      },
      onopentag(name, attribs) {
        const written = dropped === 0 && XML_NAME.test(name) && !UNWRAPPED.has(name) && !DROPPED.has(name);
        if (DROPPED.has(name) || dropped > 0) dropped++;
        open.push(written);
        checkDepth(open.length);
        if (!written) return;
        const attrs: Record<string, string> = {};
        for (const [key, value] of Object.entries(mapAttributes(name, attribs)))
          if (XML_NAME.test(key)) attrs[key] = value;
        const list = Object.entries(attrs)
          .map(([key, value]) => ` ${key}="${escapeAttr(value)}"`)
          .join('');
        out.push(HTML_VOID_ELEMENTS.has(name) ? `<${name}${list}/>` : `<${name}${list}>`);
      },
      onclosetag(name) {
        const written = open.pop();
        if (dropped > 0) dropped--;
        if (written && !HTML_VOID_ELEMENTS.has(name)) out.push(`</${name}>`);
      },
      ontext(text) {
        if (dropped === 0) out.push(escapeText(text));
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title></title></head><body>${out.join('')}</body></html>\n`;
}
