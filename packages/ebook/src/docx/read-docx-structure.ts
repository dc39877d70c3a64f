import { EbookError } from '../errors';
import type { XmlDocument, XmlElement } from '../xml-dom';
import { attrByLocal, childElements, localName } from '../xml-query';
import { buildChapters, type DocxChapters } from './docx-chapters';
import { type DocxPackage, type Relationship, readRels } from './docx-package';
import { type DocxStyles, readNumbering, readStyles } from './docx-styles';
import { readPart } from './docx-xml';
import { joinWrappedLines } from './join-wrapped-lines';
import { type BodyContext, type SourceParagraph, walkBlocks } from './walk-docx-body';

export type NotesKind = 'footnote' | 'endnote';

/** A footnotes or endnotes part, parsed. */
export interface NotesPart {
  kind: NotesKind;
  path: string;
  doc: XmlDocument;
}

export interface DocxStructure extends DocxChapters {
  styles: DocxStyles;
  /** Archive paths of the images the text shows, in order of first use. */
  images: string[];
  notes: NotesPart[];
}

const NOTE_PREFIX: Record<NotesKind, string> = { footnote: 'fn', endnote: 'en' };

/**
 * Reads the text of a Word package into chapters: the body, then footnotes and endnotes as notes
 * chapters. The reader keeps the chapters; the writer walks the same bytes the same way and uses
 * the source paragraph of each block id.
 * @example readDocxStructure(openDocxPackage(bytes)).chapters[0].blocks[0].text
 */
export function readDocxStructure(pkg: DocxPackage): DocxStructure {
  const { zip } = pkg;
  const numbering = readNumbering(readOptional(pkg, 'numbering'));
  const styles = readStyles(readOptional(pkg, 'styles'), numbering);
  const body = childElements(pkg.document.root, 'body')[0];
  if (!body) throw new EbookError('corrupt', `The document is damaged: ${pkg.documentPath} has no body`);
  const images: string[] = [];
  const counters: Record<NotesKind, number> = { footnote: 0, endnote: 0 };
  const labels = new Map<string, string>();
  let group = 0;
  const contextFor = (rels: Map<string, Relationship>): BodyContext => ({
    styles,
    numbering,
    field: [],
    nextGroup: () => ++group,
    link: (id) => {
      const rel = rels.get(id);
      return rel?.type === 'hyperlink' ? rel.target : undefined;
    },
    image: (id) => {
      const rel = rels.get(id);
      if (!rel || rel.external || !zip.get(rel.target)) return undefined;
      if (!images.includes(rel.target)) images.push(rel.target);
      return rel.target;
    },
    noteRef: (kind, id) => {
      const key = `${NOTE_PREFIX[kind]}-${id}`;
      let label = labels.get(key);
      if (label === undefined) {
        label = String(++counters[kind]);
        labels.set(key, label);
      }
      return { href: `#${key}`, label };
    },
  });
  const paragraphs = joinWrappedLines(walkBlocks(body, contextFor(pkg.rels)));
  const notes: NotesPart[] = [];
  const noteParagraphs: SourceParagraph[][] = [];
  for (const kind of ['footnote', 'endnote'] as const) {
    const path = pkg.partPath(`${kind}s`);
    const doc = path ? readPart(zip, path) : null;
    if (!path || !doc) continue;
    notes.push({ kind, path, doc });
    const folder = path.slice(0, path.lastIndexOf('/') + 1);
    const context = contextFor(readRels(zip, folder, `${folder}_rels/${path.slice(folder.length)}.rels`));
    noteParagraphs.push(readNotes(doc.root, kind, context));
  }
  return { ...buildChapters(paragraphs, noteParagraphs), styles, images, notes };
}

/** Each real note (not Word's separators) as note paragraphs; the first carries the note id. */
function readNotes(root: XmlElement, kind: NotesKind, context: BodyContext): SourceParagraph[] {
  const out: SourceParagraph[] = [];
  for (const note of root.children) {
    if (note.type !== 'element' || localName(note.name) !== kind) continue;
    const type = attrByLocal(note, 'type');
    const id = attrByLocal(note, 'id');
    if ((type && type !== 'normal') || id === undefined) continue;
    const paragraphs = walkBlocks(note, context, true);
    const first = paragraphs.find((p) => p.walked.hasContent);
    if (first) first.noteId = `${NOTE_PREFIX[kind]}-${id}`;
    out.push(...paragraphs);
  }
  return out;
}

function readOptional(pkg: DocxPackage, type: string): XmlDocument | null {
  const path = pkg.partPath(type);
  return path ? readPart(pkg.zip, path) : null;
}
