import { EbookError, isEbookError } from './errors';
import { loadEpub } from './load-epub';
import { mapToc } from './map-toc';
import type { Book, Chapter, Resource, TocEntry } from './model';
import type { ReadOptions } from './options';
import { plainText } from './placeholders';
import type { ZipArchive } from './read-zip';
import { readableText } from './readable-text';
import type { XmlDocument, XmlElement } from './xml-dom';
import { childElements, descendants, labelText } from './xml-query';

/**
 * Reads an EPUB 2 or 3 into the Book model: metadata, spine-ordered chapters of blocks, the TOC
 * (nav, else NCX), cover and resources. The bytes are kept as `source` so writeEpub can rewrite the
 * archive with only the text changed.
 * @example const book = await parseEpub(bytes); book.chapters[0].blocks[0].text
 */
export async function parseEpub(bytes: Uint8Array, options: ReadOptions = {}): Promise<Book> {
  try {
    return readLoaded(bytes, options);
  } catch (error) {
    // Whatever a damaged archive trips over, the caller gets a typed error, never a TypeError.
    if (isEbookError(error)) throw error;
    throw new EbookError('corrupt', 'The EPUB is damaged and cannot be read', { cause: String(error) });
  }
}

function readLoaded(bytes: Uint8Array, options: ReadOptions): Book {
  const { zip, pkg, docs, toc, navWords } = loadEpub(bytes, options.limits);
  const chapterOf = new Map(docs.map((d) => [d.item.path, d.chapterId]));
  const toChapterHref = (href: string) => {
    const hash = href.indexOf('#');
    const path = hash < 0 ? href : href.slice(0, hash);
    const chapterId = chapterOf.get(path);
    return chapterId ? chapterId + (hash < 0 ? '' : href.slice(hash)) : href;
  };
  const bookToc = mapToc(toc, chapterOf);
  const titles = new Map<string, string>();
  const collect = (entries: TocEntry[]) => {
    for (const e of entries) {
      if (!titles.has(e.chapterId)) titles.set(e.chapterId, e.title);
      collect(e.children);
    }
  };
  collect(bookToc);
  const chapters: Chapter[] = docs
    .filter((d) => d.spans.length > 0)
    .map((d) => {
      const blocks = d.spans.map((s) => s.block);
      for (const block of blocks)
        for (const tag of block.inlines) if (tag.href) tag.href = toChapterHref(tag.href);
      const notes = blocks.filter((b) => b.kind === 'note').length;
      const heading = blocks.find((b) => b.kind === 'heading');
      const title =
        titles.get(d.chapterId) ??
        (heading
          ? readableText(heading.text, heading.inlines).replace(/\s+/g, ' ').trim()
          : documentTitle(d.doc, pkg.metadata.title));
      return {
        id: d.chapterId,
        href: d.item.path,
        role: notes > blocks.length / 2 ? 'notes' : 'body',
        blocks,
        ...(title && { title }),
      };
    });
  if (
    !options.emptyOk &&
    !chapters.some((c) => c.blocks.some((b) => /[\p{L}\p{N}]/u.test(plainText(b.text))))
  )
    throw new EbookError(
      'no-text',
      // SVG pages that only draw an image make no blocks: their pictures still say what the book is.
      chapters.length > 0 || docs.some((d) => drawsImages(d.doc.root))
        ? 'The book has only images, no text to translate'
        : 'The book has no text to translate',
    );
  const spinePaths = new Set(docs.map((d) => d.item.path));
  const resources = [...pkg.manifest.values()]
    .filter(
      (item) => !spinePaths.has(item.path) && item !== pkg.nav && item !== pkg.ncx && zip.get(item.path),
    )
    .map((item) => lazyResource(zip, item.path, item.mediaType));
  const cover = pkg.cover && resources.find((r) => r.href === pkg.cover?.path);
  return {
    format: 'epub',
    metadata: pkg.metadata,
    chapters,
    toc: bookToc,
    ...(navWords.length > 0 && { navLabels: navWords }),
    resources,
    source: bytes,
    ...(cover && { cover }),
  };
}

// Images and fonts are inflated only when someone reads them: the EPUB rewrite copies them untouched.
function lazyResource(zip: ZipArchive, href: string, mediaType: string): Resource {
  let data: Uint8Array | undefined;
  return {
    href,
    mediaType,
    get data() {
      const entry = zip.get(href);
      data ??= entry ? zip.read(entry) : new Uint8Array();
      return data;
    },
  };
}

const PICTURES = ['img', 'image', 'picture'];

function drawsImages(root: XmlElement): boolean {
  return PICTURES.some((name) => descendants(root, name).length > 0);
}

// A document's <title> names its chapter unless it only repeats the book's title (as most do).
function documentTitle(doc: XmlDocument, bookTitle: string): string | undefined {
  const head = childElements(doc.root, 'head')[0];
  const title = head && childElements(head, 'title')[0];
  const text = title ? labelText(title) : '';
  return text && text.toLowerCase() !== bookTitle.trim().toLowerCase() ? text : undefined;
}
