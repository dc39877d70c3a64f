import { BlockBuilder } from '../build-block';
import { EbookError } from '../errors';
import type { Block, InlineKind } from '../model';
import type { XmlElement } from '../xml-dom';
import { attrByLocal, descendants, localName, textContent } from '../xml-query';
import type { DocxStyles, RunFormat } from './docx-styles';
import { RUN_FORMATS, runFormats } from './docx-styles';
import { child, relAttr } from './docx-xml';

/** A `w:t` of the paragraph and the inline numbers open around it, outermost first. */
export interface TextSlot {
  el: XmlElement;
  stack: number[];
}

/** What the writer aligns a translation with: text slots, and the standalone inlines between them. */
export type ParagraphItem = { type: 'slot'; slot: TextSlot } | { type: 'anchor'; n: number };

export interface WalkedParagraph {
  built: Pick<Block, 'text' | 'inlines'>;
  hasContent: boolean;
  items: ParagraphItem[];
  /** Bookmark names inside the paragraph, in order. */
  bookmarks: string[];
  /** Inlines whose text Word makes itself (a note reference's number): never written back. */
  fixed: Set<number>;
  /** Paragraphs of text boxes drawn in this one, read after it. */
  textboxes: XmlElement[];
  /** The paragraph holds a field character: a field may run on into other paragraphs. */
  hasField: boolean;
}

/** What a paragraph walk needs from the document around it; `field` carries over between paragraphs. */
export interface WalkContext {
  styles: DocxStyles;
  /** A hyperlink relationship's URL, or an image relationship's archive path, by relationship id. */
  link(relId: string): string | undefined;
  image(relId: string): string | undefined;
  /** The href of a note reference (`#fn-3`), and the number Word shows for it. */
  noteRef(kind: 'footnote' | 'endnote', id: string): { href: string; label: string };
  /** Open complex fields: 'instr' while their instruction is read (hidden), then 'result'. */
  field: ('instr' | 'result')[];
}

const KIND: Record<RunFormat, InlineKind> = {
  strong: 'strong',
  emphasis: 'emphasis',
  underline: 'span',
  strikethrough: 'strikethrough',
  superscript: 'superscript',
  subscript: 'subscript',
};
const TAG: Record<RunFormat, string> = {
  strong: 'w:b',
  emphasis: 'w:i',
  underline: 'w:u',
  strikethrough: 'w:strike',
  superscript: 'w:vertAlign',
  subscript: 'w:vertAlign',
};
// Containers whose content reads as if they were not there.
const TRANSPARENT = new Set([
  'ins',
  'moveTo',
  'smartTag',
  'customXml',
  'sdt',
  'sdtContent',
  'fldSimple',
  'dir',
  'bdo',
]);
// Past this many pieces one paragraph is a crafted file, not prose (the corpus' longest has ~300).
const MAX_ITEMS = 50_000;
const MAX_FIELD_DEPTH = 64;

/**
 * Reads one `w:p` into placeholder text: runs' bold, italic, underline, strike and vertical
 * alignment as nested inlines, hyperlinks, line breaks, images, note references and math; deleted
 * text, field instructions and the note's own number mark are left out. Also returns, for the
 * writer, every `w:t` with the inlines around it in reading order.
 * @example walkParagraph(p, context).built.text // 'It was <g1>very</g1> dark'
 */
export function walkParagraph(p: XmlElement, context: WalkContext): WalkedParagraph {
  return new ParagraphWalker(context).walk(p);
}

class ParagraphWalker {
  private readonly builder = new BlockBuilder();
  private readonly formats: { format: RunFormat; n: number }[] = [];
  private link: number | null = null;
  private pieces = 0;
  private readonly out: Omit<WalkedParagraph, 'built' | 'hasContent'> = {
    items: [],
    bookmarks: [],
    fixed: new Set(),
    textboxes: [],
    hasField: false,
  };

  constructor(private readonly context: WalkContext) {}

  walk(p: XmlElement): WalkedParagraph {
    this.content(p);
    this.syncFormats({});
    return { ...this.out, built: this.builder.finish(), hasContent: this.builder.hasContent };
  }

  private get hidden(): boolean {
    return this.context.field.includes('instr');
  }

  private content(parent: XmlElement): void {
    for (const node of parent.children) {
      if (node.type !== 'element') continue;
      this.count();
      const name = localName(node.name);
      if (name === 'r') this.run(node);
      else if (name === 'hyperlink') this.hyperlink(node);
      else if (TRANSPARENT.has(name)) this.content(node);
      else if (name === 'AlternateContent') this.alternate(node, (el) => this.content(el));
      else if (name === 'bookmarkStart') {
        const bookmark = attrByLocal(node, 'name');
        if (bookmark && bookmark !== '_GoBack') this.out.bookmarks.push(bookmark);
      } else if (name === 'oMath' || name === 'oMathPara') this.math(node);
    }
  }

  private hyperlink(el: XmlElement): void {
    const relId = relAttr(el, 'id');
    const anchor = attrByLocal(el, 'anchor');
    const href = relId !== undefined ? this.context.link(relId) : anchor ? `#${anchor}` : undefined;
    if (href === undefined || this.link !== null || this.hidden) {
      this.content(el);
      return;
    }
    this.syncFormats({});
    const n = this.builder.open({ kind: 'link', tag: 'w:hyperlink', href });
    this.link = n;
    this.content(el);
    this.syncFormats({});
    this.link = null;
    this.builder.close(n);
  }

  private run(r: XmlElement): void {
    const rPr = child(r, 'rPr');
    const rStyle = rPr && child(rPr, 'rStyle');
    const formats = {
      ...this.context.styles.character(rStyle && attrByLocal(rStyle, 'val')),
      ...runFormats(rPr),
    };
    this.runContent(r, formats);
  }

  private runContent(parent: XmlElement, formats: Partial<Record<RunFormat, boolean>>): void {
    for (const node of parent.children) {
      if (node.type !== 'element') continue;
      this.count();
      const name = localName(node.name);
      if (name === 'fldChar') this.fieldChar(node);
      else if (name === 'AlternateContent') this.alternate(node, (el) => this.runContent(el, formats));
      else if (this.hidden) continue;
      else if (name === 't') {
        this.syncFormats(formats);
        this.builder.text(textContent(node));
        this.out.items.push({ type: 'slot', slot: { el: node, stack: this.stack() } });
      } else if (name === 'tab' || name === 'ptab') this.builder.text(' ');
      else if (name === 'noBreakHyphen') this.builder.text('\u2011');
      else if (name === 'br' || name === 'cr') this.lineBreak(node);
      else if (name === 'drawing' || name === 'pict' || name === 'object') this.drawing(node);
      else if (name === 'footnoteReference' || name === 'endnoteReference') this.noteRef(node, name);
    }
  }

  private lineBreak(el: XmlElement): void {
    const type = attrByLocal(el, 'type');
    // A page or column break ends a line of text too, but draws nothing a translation must keep.
    if (type === 'page' || type === 'column') this.builder.text(' ');
    else this.anchor(this.builder.empty({ kind: 'linebreak', tag: 'w:br' }));
  }

  private noteRef(el: XmlElement, name: string): void {
    const id = attrByLocal(el, 'id');
    if (id === undefined) return;
    const { href, label } = this.context.noteRef(name === 'footnoteReference' ? 'footnote' : 'endnote', id);
    this.syncFormats({});
    const n = this.builder.open({ kind: 'noteref', tag: `w:${name}`, href });
    this.builder.text(label);
    this.builder.close(n);
    this.out.fixed.add(n);
    this.anchor(n);
  }

  private drawing(el: XmlElement): void {
    this.collectTextboxes(el);
    const blip = descendants(el, 'blip')[0];
    const relId =
      (blip && relAttr(blip, 'embed')) ??
      findRel(el, 'embed') ??
      (descendants(el, 'imagedata')[0] && relAttr(descendants(el, 'imagedata')[0] as XmlElement, 'id'));
    const href = relId !== undefined ? this.context.image(relId) : undefined;
    if (href === undefined) return;
    const docPr = descendants(el, 'docPr')[0];
    const alt = (docPr && (attrByLocal(docPr, 'descr') || attrByLocal(docPr, 'title'))) || '';
    this.anchor(this.builder.empty({ kind: 'image', tag: 'w:drawing', href, attrs: { alt } }));
  }

  private collectTextboxes(el: XmlElement): void {
    for (const node of el.children) {
      if (node.type !== 'element') continue;
      const name = localName(node.name);
      if (name === 'Fallback') continue;
      if (name === 'txbxContent') {
        for (const p of node.children)
          if (p.type === 'element' && localName(p.name) === 'p') this.out.textboxes.push(p);
      } else this.collectTextboxes(node);
    }
  }

  private math(el: XmlElement): void {
    const alt = descendants(el, 't')
      .map((t) => textContent(t))
      .join('')
      .trim();
    this.syncFormats({});
    this.anchor(this.builder.empty({ kind: 'other', tag: `m:${localName(el.name)}`, ...(alt && { alt }) }));
  }

  // Markup compatibility: the first choice is what Word shows; the fallback repeats it for old readers.
  private alternate(el: XmlElement, read: (choice: XmlElement) => void): void {
    const choice = el.children.find(
      (n): n is XmlElement => n.type === 'element' && localName(n.name) === 'Choice',
    );
    if (choice) read(choice);
  }

  private fieldChar(el: XmlElement): void {
    this.out.hasField = true;
    const type = attrByLocal(el, 'fldCharType');
    const field = this.context.field;
    if (type === 'begin' && field.length < MAX_FIELD_DEPTH) field.push('instr');
    else if (type === 'separate' && field.length > 0) field[field.length - 1] = 'result';
    else if (type === 'end') field.pop();
  }

  private anchor(n: number): void {
    this.out.items.push({ type: 'anchor', n });
  }

  private stack(): number[] {
    const stack = this.formats.map((f) => f.n);
    return this.link === null ? stack : [this.link, ...stack];
  }

  /** Closes open formats the next text lacks (innermost first) and opens the ones it adds. */
  private syncFormats(formats: Partial<Record<RunFormat, boolean>>): void {
    const keep = this.formats.findIndex((open) => !formats[open.format]);
    if (keep >= 0) for (const open of this.formats.splice(keep).reverse()) this.builder.close(open.n);
    for (const format of RUN_FORMATS) {
      if (!formats[format] || this.formats.some((open) => open.format === format)) continue;
      const n = this.builder.open({ kind: KIND[format], tag: TAG[format] });
      this.formats.push({ format, n });
    }
  }

  private count(): void {
    if (++this.pieces > MAX_ITEMS)
      throw new EbookError('too-complex', `A paragraph holds more than ${MAX_ITEMS} runs and other pieces`);
  }
}

function findRel(el: XmlElement, local: string): string | undefined {
  const own = relAttr(el, local);
  if (own !== undefined) return own;
  for (const node of el.children) {
    if (node.type !== 'element' || localName(node.name) === 'Fallback') continue;
    const found = findRel(node, local);
    if (found !== undefined) return found;
  }
  return undefined;
}
