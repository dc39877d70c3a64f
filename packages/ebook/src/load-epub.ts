import { checkDrm } from './check-drm';
import { decodeXmlBytes } from './decode-xml-bytes';
import { type BlockSpan, extractBlocks } from './extract-blocks';
import { findGuideCover } from './find-guide-cover';
import { navLabels } from './nav-labels';
import type { ReadOptions } from './options';
import { type EpubPackage, type ManifestItem, readEpubPackage, readXml } from './read-epub-package';
import { type RawTocEntry, readNavToc, readNcxToc } from './read-epub-toc';
import { openZip, type ZipArchive } from './read-zip';
import { serializeXhtml } from './serialize-xhtml';
import { checkBlocks, checkChapters, checkText } from './structure-limits';
import { parseXml, type XmlDocument } from './xml-dom';

export interface ContentDoc {
  item: ManifestItem;
  chapterId: string;
  doc: XmlDocument;
  spans: BlockSpan[];
}

/** Everything the EPUB reader learned about an archive; the rewriting writer starts from it. */
export interface LoadedEpub {
  zip: ZipArchive;
  pkg: EpubPackage;
  docs: ContentDoc[];
  toc: RawTocEntry[];
  /** The navigation document's words besides its TOC (`navLabels`), in document order. */
  navWords: string[];
}

// SVG spine documents are pages too: their <text> is read and translated in place.
const CONTENT_TYPES = new Set([
  'application/xhtml+xml',
  'text/html',
  'application/x-dtbook+xml',
  'image/svg+xml',
]);
// The writer meets the same bytes again (the Book keeps them as `source`): parse once per byte array.
const cache = new WeakMap<Uint8Array, LoadedEpub>();

/**
 * The spine item as a reader shows it: itself when it is a content document, else the first content
 * document down its fallback chain (an image page whose XHTML fallback describes it), else none.
 */
function contentItem(item: ManifestItem, pkg: EpubPackage): ManifestItem | undefined {
  const visited = new Set<string>();
  for (let at: ManifestItem | undefined = item; at && !visited.has(at.id); ) {
    if (CONTENT_TYPES.has(at.mediaType)) return at;
    visited.add(at.id);
    at = at.fallback ? pkg.manifest.get(at.fallback) : undefined;
  }
  return undefined;
}

/**
 * Opens and parses an EPUB archive: safety caps, DRM check, package, TOC and every spine document.
 * @example const { docs } = loadEpub(bytes); docs[0].spans[0].block.text
 */
export function loadEpub(bytes: Uint8Array, limits?: ReadOptions['limits']): LoadedEpub {
  const cached = cache.get(bytes);
  if (cached) return cached;
  const zip = openZip(bytes, limits);
  checkDrm(zip);
  const pkg = readEpubPackage(zip);
  const docs: ContentDoc[] = [];
  let navDoc: XmlDocument | undefined;
  // A document listed twice (by one manifest item or by several naming the same file) is read
  // once, where it first appears: a spine repeating one chapter 300 times is one chapter.
  const seen = new Set<string>();
  let blocks = 0;
  let chars = 0;
  pkg.spine.forEach(({ item: listed }, index) => {
    const item = contentItem(listed, pkg);
    if (!item || seen.has(item.path)) return;
    const entry = zip.get(item.path);
    if (!entry) return; // a dangling spine entry: readers skip it too
    seen.add(item.path);
    checkChapters(seen.size);
    let doc = parseXml(decodeXmlBytes(zip.read(entry), item.path), { lenient: true, name: item.path });
    // A repaired document is written out well-formed and parsed strictly again, so offsets are exact
    // and the rewritten file is valid XHTML even though its source was not.
    if (doc.repaired) doc = parseXml(serializeXhtml(doc.root, pkg.version), { name: item.path });
    if (item === pkg.nav) {
      navDoc = doc;
      return; // the TOC is translated through its labels, not as prose
    }
    const chapterId = `c${index + 1}`;
    const spans = extractBlocks(doc, item.path, chapterId);
    blocks += spans.length;
    checkBlocks(blocks);
    // A formula's text (its alttext or tokens) counts too: it is read and written like the words.
    for (const span of spans) {
      chars += span.block.text.length;
      for (const tag of span.block.inlines) chars += tag.alt?.length ?? 0;
    }
    checkText(chars);
    docs.push({ item, chapterId, doc, spans });
  });
  let toc: RawTocEntry[] = [];
  let navWords: string[] = [];
  if (pkg.nav && zip.get(pkg.nav.path)) {
    const navRoot = (navDoc ?? readXml(zip, pkg.nav.path)).root;
    toc = readNavToc(navRoot, pkg.nav.path);
    navWords = navLabels(navRoot);
  }
  if (toc.length === 0 && pkg.ncx && zip.get(pkg.ncx.path))
    toc = readNcxToc(readXml(zip, pkg.ncx.path).root, pkg.ncx.path);
  if (!pkg.cover) {
    const cover = findGuideCover(zip, pkg);
    if (cover) pkg.cover = cover;
  }
  const loaded = { zip, pkg, docs, toc, navWords };
  cache.set(bytes, loaded);
  return loaded;
}
