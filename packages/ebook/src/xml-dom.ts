import { decodeHTMLStrict } from 'entities';
import { EbookError } from './errors';
import { FastSaxesParser } from './fast-saxes';
import { MATH_TOKENS } from './math-tokens';
import { parseXmlLeniently } from './parse-xml-lenient';
import { checkAttributes, checkDepth } from './structure-limits';
import { checkDoctype, element, type XmlDocument, type XmlElement } from './xml-node';
import { localName } from './xml-query';

// The node types live in xml-node.ts (the forgiving parser builds them too); importers of this module keep them.
export type { XmlDocument, XmlElement, XmlNode, XmlText } from './xml-node';

// HTML named entities (EPUB 2 content uses &nbsp; and friends) resolve from a static table; no DTD is read.
const HTML_ENTITIES: Record<string, string> = new Proxy(
  { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" },
  {
    get(target, name) {
      if (typeof name !== 'string') return undefined;
      if (name in target) return target[name as keyof typeof target];
      const decoded = decodeHTMLStrict(`&${name};`);
      return decoded === `&${name};` ? undefined : decoded;
    },
  },
);

/**
 * Parses XML or XHTML into an XmlDocument. Strict (saxes) first; when `lenient` and the markup is
 * malformed, htmlparser2 in XML mode builds the tree instead. A DOCTYPE with an internal subset
 * (entity declarations) is refused with EbookError 'doctype' and never expanded.
 * @example parseXml('<p>Hi &amp; bye</p>').root.children[0] // { type: 'text', text: 'Hi & bye', ... }
 */
export function parseXml(source: string, options: { lenient?: boolean; name?: string } = {}): XmlDocument {
  try {
    return { root: parseStrict(source), source, repaired: false };
  } catch (error) {
    if (error instanceof EbookError || !options.lenient) {
      if (error instanceof EbookError) throw error;
      throw new EbookError(
        'corrupt',
        `${options.name ?? 'An XML file'} is not well-formed: ${(error as Error).message}`,
      );
    }
    return { root: parseXmlLeniently(source), source, repaired: true };
  }
}

function parseStrict(source: string): XmlElement {
  const parser = new FastSaxesParser({ position: true });
  parser.ENTITIES = HTML_ENTITIES;
  const holder: XmlElement = element('#document', {}, null, 0, 0);
  let current = holder;
  let tagStart = 0;
  let depth = 0;
  let attributes = 0;
  // Where the next text run begins: after the last tag, comment or processing instruction.
  let textStart = 0;
  const markEnd = () => {
    textStart = parser.position;
  };
  parser.on('doctype', checkDoctype);
  parser.on('comment', markEnd);
  parser.on('processinginstruction', markEnd);
  parser.on('opentagstart', () => {
    tagStart = source.lastIndexOf('<', parser.position - 1);
    attributes = 0;
  });
  parser.on('attribute', () => checkAttributes(++attributes));
  // Inside a formula only its tokens are kept: a textbook's thousands of formulas would otherwise
  // cost a node per <mi>, <mo>, <mrow> and indentation run, many times the memory of its words.
  let formula: Formula | null = null;
  parser.on('opentag', (tag) => {
    const node = element(
      tag.name,
      tag.attributes as Record<string, string>,
      current,
      tagStart,
      parser.position,
    );
    if (formula) formula.open(localName(tag.name));
    else {
      current.children.push(node);
      if (localName(tag.name) === 'math') formula = new Formula(node);
    }
    current = node;
    checkDepth(++depth);
    markEnd();
  });
  parser.on('closetag', () => {
    const end = parser.position;
    // A self-closing tag ends where it opened; otherwise the end tag begins at the last '<'.
    current.closeStart = current.openEnd === end ? end : source.lastIndexOf('<', end - 1);
    current.end = end;
    if (formula?.element === current) {
      current.mathTokens = formula.finish();
      formula = null;
    } else formula?.close();
    current = current.parent ?? holder;
    depth--;
    markEnd();
  });
  parser.on('text', (text) => {
    if (formula) return formula.text(text);
    // The '<' that ended the run has been read already.
    current.children.push({
      type: 'text',
      text,
      start: textStart,
      end: source.lastIndexOf('<', parser.position - 1),
    });
  });
  parser.on('cdata', (text) => {
    if (formula) return void formula.text(text);
    current.children.push({ type: 'text', text, start: textStart, end: parser.position });
    markEnd();
  });
  parser.write(source).close();
  const root = holder.children.find((n): n is XmlElement => n.type === 'element');
  if (!root) throw new EbookError('corrupt', 'The XML document has no root element');
  root.parent = null;
  return root;
}

/** The token text of one formula as the parser meets it; annotations (other notations) are skipped. */
class Formula {
  readonly element: XmlElement;
  private tokens: string[] = [];
  private token = '';
  /** Depth inside the current token element (0: outside any). */
  private inToken = 0;
  /** Depth inside an annotation (0: outside any). */
  private skipped = 0;

  constructor(element: XmlElement) {
    this.element = element;
  }

  open(name: string): void {
    if (this.skipped > 0 || name === 'annotation' || name === 'annotation-xml') this.skipped++;
    else if (this.inToken > 0) this.inToken++;
    else if (MATH_TOKENS.has(name)) {
      this.inToken = 1;
      this.token = '';
    }
  }

  close(): void {
    if (this.skipped > 0) this.skipped--;
    else if (this.inToken > 0 && --this.inToken === 0) {
      const text = this.token.replace(/\s+/g, ' ').trim();
      if (text) this.tokens.push(text);
    }
  }

  text(text: string): void {
    if (this.inToken > 0 && this.skipped === 0) this.token += text;
  }

  finish(): string {
    return this.tokens.join(' ');
  }
}
