import type { XmlDocument, XmlElement } from '../xml-dom';
import { attrByLocal, childElements, descendants } from '../xml-query';
import { child, isOn, val } from './docx-xml';

/** Run formatting that becomes inline markup, in the order tags open (outermost first). */
export const RUN_FORMATS = [
  'strong',
  'emphasis',
  'underline',
  'strikethrough',
  'superscript',
  'subscript',
] as const;
export type RunFormat = (typeof RUN_FORMATS)[number];

export interface ParagraphStyle {
  /** Heading level 1-6 (from "heading N" or an outline level), 0 for the Title style. */
  level?: number;
  /** The style numbers its paragraphs (a list style). */
  numbered?: boolean;
}

export interface DocxStyles {
  paragraph(id: string | undefined): ParagraphStyle;
  /** The formatting a character style gives its runs (through `w:basedOn`). */
  character(id: string | undefined): Partial<Record<RunFormat, boolean>>;
  /** `w:lang` of the document's default run properties. */
  defaultLanguage?: string;
}

// Styles based on styles based on ...: real documents go a few levels deep; a loop is hostile.
const MAX_BASED_ON = 32;

/**
 * The heading levels, list styles and character formatting `styles.xml` defines, resolved through
 * `w:basedOn`. Word's built-in headings are named "heading 1" whatever the UI language; other tools
 * name the id ("Heading2") or only set an outline level.
 * @example readStyles(doc).paragraph('Heading2').level // 2
 */
export function readStyles(doc: XmlDocument | null, numbering: Set<string> | null): DocxStyles {
  const byId = new Map<string, XmlElement>();
  if (doc) for (const el of childElements(doc.root, 'style')) byId.set(attrByLocal(el, 'styleId') ?? '', el);
  const paragraphs = new Map<string, ParagraphStyle>();
  const characters = new Map<string, Partial<Record<RunFormat, boolean>>>();
  const chain = (id: string | undefined): XmlElement[] => {
    const out: XmlElement[] = [];
    for (let at = id; at !== undefined && out.length < MAX_BASED_ON; ) {
      const style = byId.get(at);
      if (!style || out.includes(style)) break;
      out.push(style);
      at = val(child(style, 'basedOn'));
    }
    return out;
  };
  const defaults = doc && descendants(doc.root, 'rPrDefault')[0];
  const lang = defaults && descendants(defaults, 'lang')[0];
  return {
    ...(lang && attrByLocal(lang, 'val') ? { defaultLanguage: attrByLocal(lang, 'val') } : {}),
    paragraph(id) {
      if (id === undefined) return {};
      let style = paragraphs.get(id);
      if (!style) {
        style = paragraphStyle(chain(id), numbering);
        paragraphs.set(id, style);
      }
      return style;
    },
    character(id) {
      if (id === undefined) return {};
      let formats = characters.get(id);
      if (!formats) {
        formats = {};
        // The style nearest the run wins: apply from the farthest base inwards.
        for (const style of chain(id).reverse()) Object.assign(formats, runFormats(child(style, 'rPr')));
        characters.set(id, formats);
      }
      return formats;
    },
  };
}

function paragraphStyle(chain: XmlElement[], numbering: Set<string> | null): ParagraphStyle {
  const out: ParagraphStyle = {};
  for (const style of chain) {
    const pPr = child(style, 'pPr');
    if (out.level === undefined) out.level = styleLevel(style, pPr);
    if (out.numbered === undefined && pPr) {
      const numId = val(descendants(pPr, 'numId')[0]);
      if (numId !== undefined) out.numbered = isNumbered(numId, numbering);
    }
  }
  return out;
}

function styleLevel(style: XmlElement, pPr: XmlElement | undefined): number | undefined {
  const name = val(child(style, 'name')) ?? '';
  const id = attrByLocal(style, 'styleId') ?? '';
  for (const label of [name, id]) {
    if (/^title$/i.test(label)) return 0;
    const heading = /^heading\s*([1-9])$/i.exec(label);
    if (heading) return Math.min(Number(heading[1]), 6);
  }
  return outlineLevel(pPr);
}

/** A heading level from `w:outlineLvl` (0 is level 1; 9 is body text). */
export function outlineLevel(pPr: XmlElement | undefined): number | undefined {
  const value = pPr && val(child(pPr, 'outlineLvl'));
  if (value === undefined || !/^[0-8]$/.test(value)) return undefined;
  return Math.min(Number(value) + 1, 6);
}

/** The inline formats a `w:rPr` sets on (true) or off (false); what it does not mention is absent. */
export function runFormats(rPr: XmlElement | undefined): Partial<Record<RunFormat, boolean>> {
  const out: Partial<Record<RunFormat, boolean>> = {};
  if (!rPr) return out;
  for (const node of childElements(rPr)) {
    const name = node.name.slice(node.name.indexOf(':') + 1);
    if (name === 'b') out.strong = isOn(node);
    else if (name === 'i') out.emphasis = isOn(node);
    else if (name === 'u') out.underline = isOn(node);
    else if (name === 'strike' || name === 'dstrike') out.strikethrough = isOn(node);
    else if (name === 'vertAlign') {
      out.superscript = val(node) === 'superscript';
      out.subscript = val(node) === 'subscript';
    }
  }
  return out;
}

/** Whether a `w:numId` numbers paragraphs: 0 removes numbering, and an id numbering.xml lacks does nothing. */
export function isNumbered(numId: string, numbering: Set<string> | null): boolean {
  if (numId === '0') return false;
  return numbering === null || numbering.has(numId);
}

/** The `w:num` ids numbering.xml defines, or null without a numbering part. */
export function readNumbering(doc: XmlDocument | null): Set<string> | null {
  if (!doc) return null;
  const ids = new Set<string>();
  for (const el of childElements(doc.root, 'num')) {
    const id = attrByLocal(el, 'numId');
    if (id !== undefined) ids.add(id);
  }
  return ids;
}
