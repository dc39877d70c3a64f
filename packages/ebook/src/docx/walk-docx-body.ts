import type { BlockLayout } from '../block-layout';
import type { BlockKind } from '../model';
import type { XmlElement } from '../xml-dom';
import { attrByLocal, localName } from '../xml-query';
import { isNumbered, outlineLevel } from './docx-styles';
import { child, val } from './docx-xml';
import { type WalkContext, type WalkedParagraph, walkParagraph } from './walk-docx-paragraph';

/** One `w:p` of the source as the reader classified it, kept so the writer finds it again. */
export interface SourceParagraph {
  p: XmlElement;
  walked: WalkedParagraph;
  kind: BlockKind;
  /** Heading level; 0 for the Title style. */
  level?: number;
  layout?: BlockLayout;
  /** Bookmarks just before the paragraph (between paragraphs) and inside it. */
  anchors: string[];
  /** For the first paragraph of a footnote or endnote: its note id (`fn-3`). */
  noteId?: string;
  /** Lines of wrapped prose joined to this one: their text is in its block, and the writer removes them. */
  continuations?: SourceParagraph[];
}

/** What the walk needs besides the paragraph context: numbering ids and a fresh table number. */
export interface BodyContext extends WalkContext {
  numbering: Set<string> | null;
  nextGroup(): number;
}

const TRANSPARENT = new Set(['sdt', 'sdtContent', 'customXml', 'ins', 'moveTo']);

/**
 * Every paragraph of a block container (`w:body`, a note, a table cell) in reading order: tables
 * cell by cell, content controls and tracked insertions read through, text boxes after the
 * paragraph that draws them. `note` makes every paragraph a 'note' block.
 * @example walkBlocks(body, context).map((p) => p.kind) // ['heading', 'paragraph', 'table-cell']
 */
export function walkBlocks(container: XmlElement, context: BodyContext, note = false): SourceParagraph[] {
  const out: SourceParagraph[] = [];
  let pending: string[] = [];
  const paragraph = (p: XmlElement, cell?: BlockLayout) => {
    const walked = walkParagraph(p, context);
    const source = {
      p,
      walked,
      anchors: [...pending, ...walked.bookmarks],
      ...classify(p, context, note, cell),
    };
    pending = [];
    out.push(source);
    for (const box of walked.textboxes) paragraph(box, cell);
  };
  const visit = (parent: XmlElement, cell?: BlockLayout) => {
    for (const node of parent.children) {
      if (node.type !== 'element') continue;
      const name = localName(node.name);
      if (name === 'p') paragraph(node, cell);
      else if (name === 'tbl') table(node);
      else if (TRANSPARENT.has(name)) visit(node, cell);
      else if (name === 'AlternateContent') {
        const choice = node.children.find((n) => n.type === 'element' && localName(n.name) === 'Choice');
        if (choice?.type === 'element') visit(choice, cell);
      } else if (name === 'bookmarkStart') {
        const bookmark = attrByLocal(node, 'name');
        if (bookmark && bookmark !== '_GoBack') pending.push(bookmark);
      }
    }
  };
  const table = (tbl: XmlElement) => {
    const group = context.nextGroup();
    let row = 0;
    const rows = (parent: XmlElement) => {
      for (const node of parent.children) {
        if (node.type !== 'element') continue;
        const name = localName(node.name);
        if (name === 'tr') {
          for (const cell of node.children)
            if (cell.type === 'element' && localName(cell.name) === 'tc') visit(cell, { group, row });
            else if (cell.type === 'element' && TRANSPARENT.has(localName(cell.name)))
              visitCells(cell, group, row);
          row++;
        } else if (TRANSPARENT.has(name)) rows(node);
      }
    };
    const visitCells = (wrapper: XmlElement, g: number, r: number) => {
      for (const node of wrapper.children)
        if (node.type === 'element' && localName(node.name) === 'tc') visit(node, { group: g, row: r });
        else if (node.type === 'element' && TRANSPARENT.has(localName(node.name))) visitCells(node, g, r);
    };
    rows(tbl);
  };
  visit(container);
  return out;
}

function classify(
  p: XmlElement,
  context: BodyContext,
  note: boolean,
  cell: BlockLayout | undefined,
): Pick<SourceParagraph, 'kind' | 'level' | 'layout'> {
  if (note) return { kind: 'note' };
  if (cell) return { kind: 'table-cell', layout: cell };
  const pPr = child(p, 'pPr');
  const styleId = pPr && val(child(pPr, 'pStyle'));
  const style = context.styles.paragraph(styleId);
  const level = (pPr && outlineLevel(pPr)) ?? style.level;
  if (level !== undefined) return { kind: 'heading', level };
  const numPr = pPr && child(pPr, 'numPr');
  const numId = numPr && val(child(numPr, 'numId'));
  const numbered = numId !== undefined ? isNumbered(numId, context.numbering) : style.numbered;
  return { kind: numbered ? 'list-item' : 'paragraph' };
}
