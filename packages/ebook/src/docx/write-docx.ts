import { showsBoth } from '../bilingual-xhtml';
import { applyEdits, type SourceEdit } from '../edit-source';
import { EbookError } from '../errors';
import { escapeXmlText } from '../escape-xml';
import type { Block, Book } from '../model';
import type { WriteOptions } from '../options';
import { writeZip, type ZipInput } from '../write-zip';
import type { XmlDocument, XmlElement } from '../xml-dom';
import { childElements, labelText, localName } from '../xml-query';
import { copyParagraph } from './copy-docx-paragraph';
import { coreEdits, languageEdits } from './docx-language';
import { type DocxPackage, openDocxPackage } from './docx-package';
import type { DocxStyles } from './docx-styles';
import { readPart } from './docx-xml';
import { fillParagraph } from './fill-docx-paragraph';
import { corePath } from './parse-docx';
import { readDocxStructure } from './read-docx-structure';

const encoder = new TextEncoder();

/**
 * Writes a translated book read from a DOCX back into its own document: each paragraph's `w:t`
 * text replaced in place (runs, styles, numbering, sections, headers and footers untouched),
 * footnotes and endnotes too, the language marks and core properties updated. In the bilingual
 * layouts a copy of the original paragraph follows (or, reversed, precedes) each translated one.
 * Every other part is copied byte for byte.
 * @example writeDocx(applyTranslation(book, translations, { targetLanguage: 'de' }), { layout: 'bilingual' })
 */
export async function writeDocx(book: Book, options: WriteOptions = {}): Promise<Uint8Array> {
  if (book.format !== 'docx' || !book.source)
    throw new EbookError('wrong-format', 'A DOCX is written only from a DOCX book read with its source');
  const pkg = openDocxPackage(book.source);
  const structure = readDocxStructure(pkg);
  const parts = new Map<XmlElement, { path: string; doc: XmlDocument; edits: SourceEdit[] }>();
  parts.set(pkg.document.root, { path: pkg.documentPath, doc: pkg.document, edits: [] });
  for (const note of structure.notes) parts.set(note.doc.root, { path: note.path, doc: note.doc, edits: [] });
  const blocks = new Map<string, Block>();
  for (const chapter of book.chapters) for (const block of chapter.blocks) blocks.set(block.id, block);
  const layout = options.layout ?? 'translated';
  for (const [id, source] of structure.sources) {
    const block = blocks.get(id);
    const part = parts.get(rootOf(source.p));
    if (!block || !part) continue;
    const lines = source.continuations ?? [];
    if (block.text !== source.walked.built.text) {
      part.edits.push(...fillParagraph(source.walked, block.text));
      // Wrapped lines joined into this block: the translation is all in the first one.
      for (const line of lines) part.edits.push({ start: line.p.start, end: line.p.end, text: '' });
    }
    if (layout === 'translated' || !showsBoth(block.text, block.original)) continue;
    const copies = [source, ...lines].map((line) => copyParagraph(line, part.doc.source));
    if (copies.some((copy) => copy === null)) continue;
    const at = layout === 'bilingual' ? source.p.end : source.p.start;
    part.edits.push({ start: at, end: at, text: copies.join('') });
  }
  const notice = options.notice?.trim();
  const body = childElements(pkg.document.root, 'body')[0];
  if (notice && body) parts.get(pkg.document.root)?.edits.push(noticeEdit(body, notice));
  const changed = new Map<string, string>();
  relabel(pkg, book, structure.styles, parts.values(), changed);
  for (const { path, doc, edits } of parts.values()) setIfChanged(changed, path, doc.source, edits);
  const entries: ZipInput[] = pkg.zip.entries.map((entry) => {
    const text = changed.get(entry.name);
    if (text === undefined) return { name: entry.name, copy: entry, raw: pkg.zip.raw(entry) };
    return { name: entry.name, data: () => encoder.encode(declareUtf8(text)) };
  });
  return writeZip(entries);
}

// The language marks of styles, document and notes, and the core properties' title and language.
function relabel(
  pkg: DocxPackage,
  book: Book,
  styles: DocxStyles,
  parts: Iterable<{ path: string; doc: XmlDocument; edits: SourceEdit[] }>,
  changed: Map<string, string>,
): void {
  const core = readPart(pkg.zip, corePath(pkg));
  const coreField = (name: string) => {
    const el = core && childElements(core.root).find((node) => localName(node.name) === name);
    return el ? labelText(el) || undefined : undefined;
  };
  const from = coreField('language') ?? styles.defaultLanguage ?? null;
  const to = book.metadata.language;
  const languageChanged = to !== null && to.toLowerCase() !== (from ?? '').toLowerCase();
  if (languageChanged) {
    const stylesPath = pkg.partPath('styles');
    const stylesDoc = stylesPath ? readPart(pkg.zip, stylesPath) : null;
    if (stylesPath && stylesDoc)
      setIfChanged(changed, stylesPath, stylesDoc.source, languageEdits(stylesDoc, from, to, true));
    for (const part of parts) part.edits.push(...languageEdits(part.doc, from, to, false));
  }
  if (!core) return;
  const title =
    coreField('title') && book.metadata.title !== coreField('title') ? book.metadata.title : undefined;
  const values = { ...(title && { title }), ...(languageChanged && to && { language: to }) };
  setIfChanged(changed, corePath(pkg), core.source, coreEdits(core, values));
}

function setIfChanged(changed: Map<string, string>, path: string, source: string, edits: SourceEdit[]): void {
  if (edits.length > 0) changed.set(path, applyEdits(source, edits));
}

function noticeEdit(body: XmlElement, notice: string): SourceEdit {
  const colon = body.name.indexOf(':');
  const w = colon < 0 ? '' : body.name.slice(0, colon + 1);
  const text = `<${w}p><${w}r><${w}rPr><${w}i/></${w}rPr><${w}t xml:space="preserve">${escapeXmlText(notice)}</${w}t></${w}r></${w}p>`;
  return { start: body.openEnd, end: body.openEnd, text };
}

function rootOf(el: XmlElement): XmlElement {
  let at = el;
  while (at.parent) at = at.parent;
  return at;
}

// Rewritten parts are always UTF-8; a UTF-16 source's declaration must say so.
function declareUtf8(text: string): string {
  const end = text.startsWith('<?xml') ? text.indexOf('?>') : -1;
  if (end < 0) return text;
  return text.slice(0, end).replace(/encoding\s*=\s*["'][^"']*["']/i, 'encoding="UTF-8"') + text.slice(end);
}
