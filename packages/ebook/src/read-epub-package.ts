import { decodeXmlBytes } from './decode-xml-bytes';
import { type ArchiveRef, resolveHref } from './epub-paths';
import { EbookError } from './errors';
import type { BookMetadata } from './model';
import type { ZipArchive } from './read-zip';
import { seriesOf } from './series-of';
import { parseXml, type XmlDocument, type XmlElement } from './xml-dom';
import { attrByLocal, childElements, descendants, labelText, localName } from './xml-query';

export interface ManifestItem {
  id: string;
  /** Archive path, resolved and percent-decoded. */
  path: string;
  mediaType: string;
  properties: string[];
  /** Manifest id of the item a reader shows instead when it cannot show this one (EPUB fallback chain). */
  fallback?: string;
}

export interface SpineItem {
  item: ManifestItem;
  linear: boolean;
}

export interface EpubPackage {
  opfPath: string;
  opf: XmlDocument;
  version: 2 | 3;
  metadata: BookMetadata;
  manifest: Map<string, ManifestItem>;
  byPath: Map<string, ManifestItem>;
  spine: SpineItem[];
  nav?: ManifestItem;
  ncx?: ManifestItem;
  cover?: ManifestItem;
}

/**
 * Reads META-INF/container.xml and the OPF it names: metadata, manifest, spine, nav/NCX and cover.
 * @example const pkg = readEpubPackage(openZip(bytes)); pkg.spine.map((s) => s.item.path)
 */
export function readEpubPackage(zip: ZipArchive): EpubPackage {
  const container = readXml(zip, 'META-INF/container.xml');
  const rootfile = descendants(container.root, 'rootfile').find(
    (el) =>
      (attrByLocal(el, 'media-type') ?? 'application/oebps-package+xml') === 'application/oebps-package+xml',
  );
  const opfPath = rootfile && resolveHref('', attrByLocal(rootfile, 'full-path') ?? '')?.path;
  if (!opfPath) throw new EbookError('corrupt', 'container.xml names no package document');
  const opf = readXml(zip, opfPath);
  const version = (attrByLocal(opf.root, 'version') ?? '2').startsWith('3') ? 3 : 2;
  const manifest = new Map<string, ManifestItem>();
  const byPath = new Map<string, ManifestItem>();
  for (const el of descendants(opf.root, 'item')) {
    const id = attrByLocal(el, 'id');
    const ref: ArchiveRef | null = resolveHref(opfPath, attrByLocal(el, 'href') ?? '');
    if (!id || !ref) continue;
    const item = {
      id,
      path: ref.path,
      mediaType: attrByLocal(el, 'media-type') ?? '',
      properties: (attrByLocal(el, 'properties') ?? '').split(/\s+/).filter(Boolean),
      ...(attrByLocal(el, 'fallback') ? { fallback: attrByLocal(el, 'fallback') } : {}),
    };
    manifest.set(id, item);
    if (!byPath.has(item.path)) byPath.set(item.path, item);
  }
  const spineEl = descendants(opf.root, 'spine')[0];
  const spine: SpineItem[] = [];
  for (const ref of spineEl ? childElements(spineEl, 'itemref') : []) {
    const item = manifest.get(attrByLocal(ref, 'idref') ?? '');
    if (item) spine.push({ item, linear: attrByLocal(ref, 'linear') !== 'no' });
  }
  if (spine.length === 0)
    throw new EbookError('corrupt', 'The package document lists no content in its spine');
  const items = [...manifest.values()];
  const nav = items.find((i) => i.properties.includes('nav'));
  const ncx =
    manifest.get(spineEl ? (attrByLocal(spineEl, 'toc') ?? '') : '') ??
    items.find((i) => i.mediaType === 'application/x-dtbncx+xml');
  return {
    opfPath,
    opf,
    version,
    metadata: readMetadata(opf.root),
    manifest,
    byPath,
    spine,
    nav,
    ncx,
    cover: findCover(opf.root, items, manifest),
  };
}

export function readXml(zip: ZipArchive, path: string): XmlDocument {
  const entry = zip.get(path);
  if (!entry) throw new EbookError('corrupt', `The EPUB has no ${path}`);
  return parseXml(decodeXmlBytes(zip.read(entry), path), { name: path });
}

function readMetadata(root: XmlElement): BookMetadata {
  const metadata = descendants(root, 'metadata')[0] ?? root;
  const dc = (local: string) => descendants(metadata, local);
  const first = (local: string) => {
    const el = dc(local)[0];
    return el ? labelText(el) || undefined : undefined;
  };
  const result: BookMetadata = {
    title: first('title') ?? '',
    authors: dc('creator').map(labelText).filter(Boolean),
    language: first('language') ?? null,
    identifiers: dc('identifier').map((el) => ({ value: labelText(el), ...schemeOf(el) })),
  };
  const description = first('description');
  const publisher = first('publisher');
  const date = first('date');
  if (description) result.description = description;
  if (publisher) result.publisher = publisher;
  if (date) result.date = date;
  const series = readSeries(descendants(metadata, 'meta'));
  if (series) result.series = series;
  return result;
}

/**
 * The series an OPF declares: an EPUB 3 `belongs-to-collection` (its `group-position` refinement
 * the index), else calibre's `calibre:series` and `calibre:series_index`.
 */
function readSeries(metas: XmlElement[]): BookMetadata['series'] {
  const attribute = (el: XmlElement, name: string) =>
    Object.entries(el.attrs).find(([key]) => localName(key) === name)?.[1];
  const collection = metas.find((m) => attribute(m, 'property') === 'belongs-to-collection');
  const collectionName = collection ? labelText(collection).trim() : '';
  if (collection && collectionName) {
    const id = attribute(collection, 'id');
    const refines = (property: string) =>
      metas.find((m) => id && attribute(m, 'refines') === `#${id}` && attribute(m, 'property') === property);
    const type = refines('collection-type');
    if (!type || labelText(type).trim() === 'series') {
      const position = refines('group-position');
      return seriesOf(collectionName, position ? labelText(position) : undefined);
    }
  }
  const calibre = (name: string) => metas.find((m) => attribute(m, 'name') === name);
  const name = calibre('calibre:series');
  const content = name ? attribute(name, 'content')?.trim() : undefined;
  if (!content) return undefined;
  const index = calibre('calibre:series_index');
  return seriesOf(content, index ? attribute(index, 'content') : undefined);
}

function schemeOf(el: XmlElement): { scheme?: string } {
  const scheme = Object.entries(el.attrs).find(([key]) => localName(key) === 'scheme')?.[1];
  return scheme ? { scheme } : {};
}

function findCover(
  root: XmlElement,
  items: ManifestItem[],
  manifest: Map<string, ManifestItem>,
): ManifestItem | undefined {
  const isImage = (i: ManifestItem | undefined) => i?.mediaType.startsWith('image/');
  const property = items.find((i) => i.properties.includes('cover-image'));
  if (property) return property;
  const meta = descendants(root, 'meta').find((el) => attrByLocal(el, 'name') === 'cover');
  const content = meta && attrByLocal(meta, 'content');
  const byMeta = content ? (manifest.get(content) ?? items.find((i) => i.path.endsWith(content))) : undefined;
  if (isImage(byMeta)) return byMeta;
  return items.find((i) => isImage(i) && /cover/i.test(i.id));
}
