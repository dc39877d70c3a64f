import { EbookError } from './errors';

/** A minimal DOM with source offsets, so writers can splice the original text instead of re-serializing. */
export interface XmlElement {
  type: 'element';
  /** Qualified name as written (`dc:title`, `epub:switch`). */
  name: string;
  /** Attributes by qualified name, values decoded, in source order. */
  attrs: Record<string, string>;
  children: XmlNode[];
  parent: XmlElement | null;
  /** Offsets into the source string: `<` of the start tag, after its `>`, `<` of the end tag, after its `>`. */
  start: number;
  openEnd: number;
  closeStart: number;
  end: number;
  /**
   * A `<math>` element read by the strict parser keeps no child nodes, only its token text (`<mi>`,
   * `<mn>`, `<mo>`, `<mtext>`, `<ms>`) in reading order, separated by spaces (decision 242).
   */
  mathTokens?: string;
}

export interface XmlText {
  type: 'text';
  text: string;
  start: number;
  end: number;
}

export type XmlNode = XmlElement | XmlText;

export interface XmlDocument {
  root: XmlElement;
  source: string;
  /** True when the strict parser failed and the forgiving one built the tree. */
  repaired: boolean;
}

/** Refuses internal DTD subsets: entity declarations are the billion-laughs and XXE vector. */
export function checkDoctype(doctype: string): void {
  if (doctype.includes('[') || /<!ENTITY/i.test(doctype))
    throw new EbookError('doctype', 'The document declares entities in its DOCTYPE; it is refused unread');
}

/** A new element node with no children yet; the parsers close it by setting its end offsets. */
export function element(
  name: string,
  attrs: Record<string, string>,
  parent: XmlElement | null,
  start: number,
  openEnd: number,
): XmlElement {
  return {
    type: 'element',
    name,
    attrs,
    children: [],
    parent,
    start,
    openEnd,
    closeStart: openEnd,
    end: openEnd,
  };
}
