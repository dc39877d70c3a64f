import { Buffer } from 'node:buffer';
import { decodeXml } from './decode-xml';
import { EbookError } from './errors';
import type { Book, Chapter, Resource } from './model';
import type { ReadOptions } from './options';
import { attr, elements, parseXmlTree, type XmlElement } from './parse-xml-tree';
import { parseXmlTreeLeniently } from './parse-xml-tree-leniently';
import { plainText } from './placeholders';
import { Fb2BodyReader } from './read-fb2-body';
import { readFb2Description } from './read-fb2-description';
import { openZip } from './read-zip';

const NOTES_BODY = /^(notes|comments|footnotes|endnotes)$/i;

/**
 * Reads a FictionBook 2.0/2.1 file (or a .fb2.zip holding one): metadata, nested sections as
 * chapters and headings, epigraphs, poems, cites, tables, notes bodies with their note links, and
 * base64 binaries as resources and cover.
 * @example const book = await parseFb2(bytes, { filename: 'besy.fb2' }); book.chapters.length // 4
 */
export async function parseFb2(bytes: Uint8Array, options: ReadOptions = {}): Promise<Book> {
  const xmlBytes = isZip(bytes) ? unzipFb2(bytes, options) : bytes;
  const { encoding, text } = decodeXml(xmlBytes);
  const root = parseTolerantly(text);
  if (root.name !== 'FictionBook')
    throw new EbookError('wrong-format', `the XML root is <${root.name}>, not <FictionBook>`);
  const bodies = elements(root, 'body');
  const isNotes = (body: XmlElement) => NOTES_BODY.test(attr(body, 'name') ?? '');
  const noteIds = new Set<string>();
  for (const body of bodies.filter(isNotes)) collectIds(body, noteIds);
  const reader = new Fb2BodyReader(noteIds);
  for (const body of bodies) if (!isNotes(body)) reader.readBody(body);
  for (const body of bodies) if (isNotes(body)) reader.readNotes(body);
  const chapters = reader.chapters.filter((chapter) => chapter.blocks.length > 0);
  // Placeholders are not text: a book of images alone (every block "<x1/>") has none.
  if (
    !options.emptyOk &&
    !chapters.some((chapter) => chapter.blocks.some((block) => /[\p{L}\p{N}]/u.test(plainText(block.text))))
  ) {
    const images = chapters.some((chapter) => chapter.blocks.length > 0);
    throw new EbookError(
      'no-text',
      images ? 'the FB2 book has only images, no text' : 'the FB2 book has no text',
    );
  }
  resolveLinks(chapters);
  const stem = options.filename?.replace(/^.*[\\/]/, '').replace(/(\.fb2)?(\.zip)?$/i, '') ?? 'Untitled';
  const { metadata, coverId } = readFb2Description(root, stem);
  const resources = elements(root, 'binary')
    .map(readBinary)
    .filter((r): r is Resource => r !== null);
  const cover = coverId ? resources.find((r) => r.href === coverId) : undefined;
  return {
    format: 'fb2',
    metadata,
    ...(cover ? { cover } : {}),
    chapters,
    toc: reader.toc,
    resources,
    encoding,
  };
}

// Real FB2 files with crossed inline tags still open in FBReader: when the strict parse finds the
// XML malformed, a forgiving parse recovers the text if the book's skeleton (root and a body) survives.
function parseTolerantly(text: string): XmlElement {
  try {
    return parseXmlTree(text);
  } catch (error) {
    if (!(error instanceof EbookError) || error.code !== 'corrupt') throw error;
    const recovered = parseXmlTreeLeniently(text);
    if (recovered.name !== 'FictionBook' || elements(recovered, 'body').length === 0) throw error;
    return recovered;
  }
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;
}

function unzipFb2(bytes: Uint8Array, options: ReadOptions): Uint8Array {
  const zip = openZip(bytes, options.limits);
  const entries = zip.entries.filter((entry) => /\.fb2$/i.test(entry.name));
  const entry = entries[0];
  if (!entry || entries.length > 1)
    throw new EbookError('wrong-format', 'the archive must hold exactly one .fb2 file');
  return zip.read(entry);
}

function collectIds(el: XmlElement, into: Set<string>): void {
  const id = attr(el, 'id');
  if (id) into.add(id);
  for (const child of elements(el)) collectIds(child, into);
}

// "#id" links become "chapterId#id" so writers of any format can find the target chapter.
function resolveLinks(chapters: Chapter[]): void {
  const home = new Map<string, string>();
  for (const chapter of chapters)
    for (const block of chapter.blocks) if (block.anchor) home.set(block.anchor, chapter.id);
  for (const chapter of chapters) {
    for (const block of chapter.blocks) {
      for (const tag of block.inlines) {
        if ((tag.kind !== 'link' && tag.kind !== 'noteref') || !tag.href?.startsWith('#')) continue;
        const target = home.get(tag.href.slice(1));
        if (target) tag.href = `${target}${tag.href}`;
      }
    }
  }
}

function readBinary(el: XmlElement): Resource | null {
  const id = attr(el, 'id');
  if (!id) return null;
  const base64 = el.children.filter((c): c is string => typeof c === 'string').join('');
  return {
    href: id,
    mediaType: attr(el, 'content-type') ?? 'application/octet-stream',
    data: new Uint8Array(Buffer.from(base64, 'base64')),
  };
}
