import { applyEdits, type SourceEdit } from '../edit-source';
import type { XmlElement } from '../xml-dom';
import { localName } from '../xml-query';
import { child } from './docx-xml';
import type { SourceParagraph } from './walk-docx-body';

// What must exist once in a document: bookmarks and comment anchors (names and ids are unique),
// note references (a second one would repeat the note), drawings (their ids are unique).
const ONCE = new Set([
  'bookmarkStart',
  'bookmarkEnd',
  'commentRangeStart',
  'commentRangeEnd',
  'commentReference',
  'footnoteReference',
  'endnoteReference',
  'footnoteRef',
  'endnoteRef',
  'drawing',
  'pict',
  'object',
]);

/**
 * The markup of a second copy of a paragraph, as it is in the source, for bilingual layouts: its
 * bookmarks, comment marks, note references, drawings and paragraph ids left out, and its list
 * numbering switched off so the copy does not count as the next item. Null for a paragraph that
 * cannot appear twice: one holding a field (fields may span paragraphs), a text box, or the
 * properties of a section.
 * @example copyParagraph(source, documentXml) // '<w:p><w:pPr>...</w:pPr><w:r><w:t>Hello</w:t></w:r></w:p>'
 */
export function copyParagraph(source: SourceParagraph, xml: string): string | null {
  const { p, walked } = source;
  const pPr = child(p, 'pPr');
  if (walked.hasField || walked.textboxes.length > 0 || (pPr && child(pPr, 'sectPr'))) return null;
  const edits: SourceEdit[] = [];
  const visit = (el: XmlElement) => {
    for (const node of el.children) {
      if (node.type !== 'element') continue;
      if (ONCE.has(localName(node.name)))
        edits.push({ start: node.start - p.start, end: node.end - p.start, text: '' });
      else visit(node);
    }
  };
  visit(p);
  const numPr = pPr && child(pPr, 'numPr');
  const numId = numPr && child(numPr, 'numId');
  if (numId)
    edits.push({
      start: numId.start - p.start,
      end: numId.end - p.start,
      text: `<${numId.name} ${prefixOf(numId)}val="0"/>`,
    });
  const copy = applyEdits(xml.slice(p.start, p.end), edits);
  // Word's paragraph ids (w14:paraId, w14:textId) must stay unique too.
  return copy.replace(/^<[^>]*>/, (tag) => tag.replace(/\s+[\w-]+:(paraId|textId)="[^"]*"/g, ''));
}

function prefixOf(el: XmlElement): string {
  const colon = el.name.indexOf(':');
  return colon < 0 ? '' : el.name.slice(0, colon + 1);
}
