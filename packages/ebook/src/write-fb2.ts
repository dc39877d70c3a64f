import { encodeXmlParts, type XmlPart } from './encode-xml-parts';
import { escapeXml } from './escape-xml';
import { Fb2Ids } from './fb2-ids';
import type { Block, Book, Chapter } from './model';
import type { WriteOptions } from './options';
import { type Fb2Section, planFb2Sections } from './plan-fb2-sections';
import { Fb2SectionRenderer } from './render-fb2-sections';
import { writeFb2Description } from './write-fb2-description';
import { type Fb2InlineContext, fileName } from './write-fb2-inline';

const HEADER =
  '<?xml version="1.0" encoding="UTF-8"?>\n<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">';

/**
 * Writes a UTF-8 FictionBook 2.0 that validates against the FB2 schema, from a book of any source
 * format: chapters as sections (headings as nested section titles), notes as a notes body reached
 * by note links, images as binaries, the notice as the first section, bilingual layouts as pairs.
 * @example const fb2 = await writeFb2(book, { layout: 'bilingual' });
 */
export async function writeFb2(book: Book, options: WriteOptions = {}): Promise<Uint8Array> {
  const ids = new Fb2Ids();
  const notes = collectNotes(book.chapters);
  for (const chapter of book.chapters) {
    for (const block of chapter.blocks) {
      const anchor = block.noteId ?? block.anchor;
      if (!anchor) continue;
      const id = ids.forAnchor(anchor);
      ids.alias(`${chapter.id}#${anchor}`, id);
      if (chapter.href) ids.alias(`${chapter.href}#${anchor}`, id);
    }
  }
  const { binaries, parts: binaryParts, coverId } = writeBinaries(book, ids);
  const ctx: Fb2InlineContext = { ids, binaries };
  const renderer = new Fb2SectionRenderer(ctx, options.layout);
  const parts: XmlPart[] = [HEADER, writeFb2Description(book, coverId), '<body>'];
  if (options.notice) parts.push(`<section><p>${escapeXml(options.notice.trim())}</p></section>`);
  const bodyStart = parts.length;
  for (const chapter of book.chapters) {
    if (chapter.role === 'notes') continue;
    const sections = planFb2Sections(chapter);
    titleFromChapter(sections[0], chapter);
    for (const section of sections) parts.push(renderer.section(section));
  }
  if (parts.length === bodyStart && !options.notice) parts.push('<section><empty-line/></section>');
  parts.push('</body>', writeNotes(notes, book, renderer, ids), ...binaryParts, '</FictionBook>\n');
  return encodeXmlParts(parts);
}

interface CollectedNotes {
  /** Headings that open the first notes chapter ("Notes"): the notes body's title. */
  title: Block[];
  notes: Block[][];
}

// Notes bodies and note blocks found anywhere, in book order; a noteId starts a new note.
function collectNotes(chapters: Chapter[]): CollectedNotes {
  const collected: CollectedNotes = { title: [], notes: [] };
  for (const chapter of chapters) {
    let current: Block[] | null = null;
    for (const block of chapter.blocks) {
      if (chapter.role !== 'notes' && block.kind !== 'note') {
        current = null;
        continue;
      }
      const leadingHeading =
        chapter.role === 'notes' && !current && block.kind === 'heading' && !block.noteId;
      if (leadingHeading && collected.notes.length === 0) {
        collected.title.push(block);
        continue;
      }
      if (block.noteId || !current) {
        current = [];
        collected.notes.push(current);
      }
      current.push(block);
    }
  }
  return collected;
}

function writeNotes(
  collected: CollectedNotes,
  book: Book,
  renderer: Fb2SectionRenderer,
  ids: Fb2Ids,
): string {
  const { title, notes } = collected;
  if (notes.length === 0 && title.length === 0) return '';
  const label = book.chapters.find((c) => c.role === 'notes' && c.title)?.title;
  const heading =
    title.length > 0
      ? title.map((b) => renderer.para('p', b)).join('')
      : label
        ? `<p>${escapeXml(label)}</p>`
        : '';
  const out = [`<body name="notes">${heading ? `<title>${heading}</title>` : ''}`];
  notes.forEach((note, i) => {
    const first = note[0] as Block;
    const anchor = first.noteId ?? first.anchor;
    const id = anchor ? ids.lookup(anchor) : undefined;
    const idAttr = id && ids.claim(id) ? ` id="${id}"` : '';
    const paras = note
      .map((b) => renderer.para('p', { ...b, anchor: b === first ? undefined : b.anchor }))
      .join('');
    out.push(`<section${idAttr}><title><p>${i + 1}</p></title>${paras || '<empty-line/>'}</section>`);
  });
  // The schema wants at least one section in a body.
  if (notes.length === 0) out.push('<section><empty-line/></section>');
  out.push('</body>');
  return out.join('');
}

function writeBinaries(
  book: Book,
  ids: Fb2Ids,
): { binaries: Map<string, string>; parts: XmlPart[]; coverId?: string } {
  const binaries = new Map<string, string>();
  const parts: XmlPart[] = [];
  const add = (href: string, mediaType: string, data: Uint8Array) => {
    const known = binaries.get(href);
    if (known) return known;
    const id = ids.fresh(fileName(href) || 'image');
    binaries.set(href, id);
    if (!binaries.has(fileName(href))) binaries.set(fileName(href), id);
    parts.push(`<binary id="${id}" content-type="${escapeXml(mediaType)}">`, { base64: data }, '</binary>');
    return id;
  };
  for (const resource of book.resources) {
    if (resource.mediaType.startsWith('image/')) add(resource.href, resource.mediaType, resource.data);
  }
  const coverId = book.cover ? add(book.cover.href, book.cover.mediaType, book.cover.data) : undefined;
  return coverId ? { binaries, parts, coverId } : { binaries, parts };
}

// A chapter with no heading of its own is titled as its TOC entry or document <title> names it.
function titleFromChapter(section: Fb2Section | undefined, chapter: Chapter): void {
  if (!section || section.title.length > 0 || !chapter.title?.trim()) return;
  section.title.push({
    id: `${chapter.id}.title`,
    kind: 'heading',
    level: 1,
    text: chapter.title,
    inlines: [],
  });
}
