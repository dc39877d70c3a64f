import { crc32 } from 'node:zlib';
import { type BuildPlan, inlineId, renderChapterBody } from './build-epub-chapter';
import { navDocument, ncxDocument } from './build-epub-nav';
import type { Book, Resource } from './model';
import { noticePage } from './notice-page';
import type { WriteOptions } from './options';
import { sniffImage } from './sniff-image';
import { isRtl } from './text-direction';
import { writeZip, type ZipInput } from './write-zip';
import { escapeAttr, escapeText } from './xml-query';

const encoder = new TextEncoder();
const CSS = `body{margin:0 1em;line-height:1.4}h1,h2,h3{text-align:center}p{margin:0.4em 0;text-indent:1em}
.poem-line,.epigraph,.blockquote{text-indent:0;margin-left:2em}.epigraph{font-style:italic}
aside.note{font-size:0.9em;margin:0.6em 0}.bt-original{color:#555;font-style:italic;font-size:0.92em}
.cover{text-align:center}.cover img{max-width:100%;max-height:100%}`;
const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
  'image/webp': 'webp',
};

/**
 * Builds a new EPUB 3 (with an NCX for older readers) from any Book: one XHTML file per chapter,
 * notes as endnotes linked both ways, cover page, images and a stylesheet.
 * @example const bytes = buildEpub(await parseFb2(fb2Bytes), { layout: 'bilingual' });
 */
export function buildEpub(book: Book, options: WriteOptions = {}): Uint8Array {
  const language = book.metadata.language;
  const { plan, images } = makePlan(book, options);
  const langAttrs = language
    ? ` lang="${escapeAttr(language)}" xml:lang="${escapeAttr(language)}"${isRtl(language) ? ' dir="rtl"' : ''}`
    : '';
  const page = (title: string, body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"${langAttrs}>\n<head><title>${escapeText(title)}</title><link rel="stylesheet" type="text/css" href="../style.css"/></head>\n<body>\n${body}\n</body>\n</html>\n`;
  const files: ZipInput[] = [];
  const manifest: string[] = [
    '<item id="nav" href="text/nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
  ];
  const spine: string[] = [];
  // A chapter is rendered and encoded when the zip writer reaches it, then let go: the book's text
  // is never held as every chapter's markup at once.
  const add = (
    id: string,
    path: string,
    mediaType: string,
    data: string | Uint8Array | (() => string),
    props = '',
  ) => {
    const bytes =
      typeof data === 'function'
        ? () => encoder.encode(data())
        : typeof data === 'string'
          ? encoder.encode(data)
          : data;
    files.push({ name: `OEBPS/${path}`, data: bytes });
    manifest.push(
      `<item id="${id}" href="${escapeAttr(encodeURI(path))}" media-type="${mediaType}"${props && ` properties="${props}"`}/>`,
    );
  };
  const notice = options.notice?.trim();
  if (notice) {
    add('notice', 'text/notice.xhtml', 'application/xhtml+xml', noticePage(notice, language, 3));
    spine.push('<itemref idref="notice"/>');
  }
  if (book.cover && plan.imageFile.has(book.cover.href)) {
    const src = plan.imageFile.get(book.cover.href)!;
    add(
      'cover-page',
      'text/cover.xhtml',
      'application/xhtml+xml',
      page(
        book.metadata.title,
        `<div class="cover"><img src="${escapeAttr(src)}" alt="${escapeAttr(book.metadata.title)}"/></div>`,
      ),
    );
    spine.push('<itemref idref="cover-page" linear="no"/>');
  }
  book.chapters.forEach((chapter, i) => {
    const file = plan.fileOf.get(chapter.id)!;
    add(`ch${i + 1}`, `text/${file}`, 'application/xhtml+xml', () =>
      page(chapter.title ?? book.metadata.title, renderChapterBody(chapter, plan)),
    );
    spine.push(`<itemref idref="ch${i + 1}"/>`);
  });
  images.forEach((image, i) => {
    const path = plan.imageFile.get(image.href)!.replace(/^\.\.\//, '');
    add(
      `img${i + 1}`,
      path,
      image.mediaType,
      image.data,
      image.href === book.cover?.href ? 'cover-image' : '',
    );
  });
  const uid = book.metadata.identifiers[0]?.value || `urn:uuid:${pseudoUuid(book)}`;
  files.push({ name: 'OEBPS/text/nav.xhtml', data: encoder.encode(navDocument(book, plan, langAttrs)) });
  add('ncx', 'toc.ncx', 'application/x-dtbncx+xml', ncxDocument(book, plan, uid));
  add('css', 'style.css', 'text/css', CSS);
  const opf = packageDocument(book, uid, manifest, spine);
  return writeZip([
    { name: 'mimetype', data: encoder.encode('application/epub+zip'), store: true },
    { name: 'META-INF/container.xml', data: encoder.encode(CONTAINER) },
    { name: 'OEBPS/content.opf', data: encoder.encode(opf) },
    ...files,
  ]);
}

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
`;

function packageDocument(book: Book, uid: string, manifest: string[], spine: string[]): string {
  const m = book.metadata;
  const dc = (name: string, value: string | undefined) =>
    value ? `<dc:${name}>${escapeText(value)}</dc:${name}>\n` : '';
  const direction = isRtl(m.language) ? ' page-progression-direction="rtl"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="uid">${escapeText(uid)}</dc:identifier>
${dc('title', m.title || 'Untitled')}${m.authors.map((a) => dc('creator', a)).join('')}${dc('language', m.language ?? 'und')}${dc('publisher', m.publisher)}${dc('description', m.description)}<meta property="dcterms:modified">2000-01-01T00:00:00Z</meta>
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine toc="ncx"${direction}>
${spine.join('\n')}
</spine>
</package>
`;
}

function makePlan(book: Book, options: WriteOptions): { plan: BuildPlan; images: Resource[] } {
  const fileOf = new Map(book.chapters.map((c, i) => [c.id, `ch${String(i + 1).padStart(3, '0')}.xhtml`]));
  const anchorFile = new Map<string, string>();
  const noteRefs = new Map<string, { file: string; id: string }>();
  for (const chapter of book.chapters) {
    const file = fileOf.get(chapter.id)!;
    for (const block of chapter.blocks) {
      for (const key of [block.anchor, block.noteId, ...(block.aliases ?? [])])
        if (key && !anchorFile.has(key)) anchorFile.set(key, file);
      for (const tag of block.inlines) {
        const id = inlineId(block, tag);
        if (id && !anchorFile.has(id)) anchorFile.set(id, file);
        if (tag.kind !== 'noteref' || !tag.href || !id) continue;
        const target = tag.href.slice(tag.href.indexOf('#') + 1);
        if (!noteRefs.has(target)) noteRefs.set(target, { file, id });
      }
    }
  }
  const imageFile = new Map<string, string>();
  const used = new Set<string>();
  const images: Resource[] = [];
  for (const r of [...(book.cover ? [book.cover] : []), ...book.resources]) {
    if (!r.mediaType.startsWith('image/') || imageFile.has(r.href)) continue;
    // The bytes decide the type: a broken or mislabelled image would make the EPUB invalid.
    const mediaType = sniffImage(r.data);
    if (!mediaType) continue;
    const image = { href: r.href, mediaType, data: r.data };
    imageFile.set(r.href, `../images/${uniqueName(image, used)}`);
    images.push(image);
  }
  const sourceLanguage = book.metadata.sourceLanguage ?? null;
  return {
    plan: {
      fileOf,
      anchorFile,
      imageFile,
      noteRefs,
      language: book.metadata.language,
      sourceLanguage,
      layout: options.layout ?? 'translated',
    },
    images,
  };
}

function uniqueName(resource: Resource, used: Set<string>): string {
  const base =
    (resource.href.split('/').pop() ?? 'image')
      .replace(/^#/, '')
      .replace(/[^\w.-]/g, '_')
      .replace(/\.[^.]*$/, '') || 'image';
  let name = `${base}.${EXT[resource.mediaType]}`;
  for (let i = 2; used.has(name); i++) name = `${base}-${i}.${EXT[resource.mediaType]}`;
  used.add(name);
  return name;
}

// A stable identifier for books that carry none: the same book always gets the same id.
function pseudoUuid(book: Book): string {
  const seed = encoder.encode(`${book.metadata.title}|${book.metadata.authors.join(',')}`);
  const hex = [crc32(seed), crc32(seed, 1), crc32(seed, 2), crc32(seed, 3)]
    .map((n) => n.toString(16).padStart(8, '0'))
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
