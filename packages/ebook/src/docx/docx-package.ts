import { EbookError } from '../errors';
import type { ReadOptions } from '../options';
import { openZip, type ZipArchive } from '../read-zip';
import type { XmlDocument } from '../xml-dom';
import { attrByLocal, childElements } from '../xml-query';
import { readPart } from './docx-xml';

export interface Relationship {
  /** Archive path of the target part, or the URL of an external target. */
  target: string;
  external: boolean;
  /** The last segment of the relationship type: 'styles', 'footnotes', 'image', 'hyperlink'. */
  type: string;
}

/** The parts of a Word package the reader and the writer use, parsed once. */
export interface DocxPackage {
  zip: ZipArchive;
  /** Archive path of the main document part, usually `word/document.xml`. */
  documentPath: string;
  document: XmlDocument;
  /** The package's own relationships (`_rels/.rels`): main document, core properties. */
  packageRels: Relationship[];
  /** The main document's relationships by id. */
  rels: Map<string, Relationship>;
  /** Media types by archive path and by lower-case extension, from `[Content_Types].xml`. */
  types: { byPath: Map<string, string>; byExtension: Map<string, string> };
  /** Archive path of the main part's related part of this type ('styles', 'numbering', ...). */
  partPath(type: string): string | undefined;
}

const MAIN_TYPE = /(wordprocessingml\.(document|template)\.main|ms-word\.(document|template)\.macroEnabled)/;

/**
 * Opens a DOCX (or DOCM, DOTX) package: the zip with its caps, `[Content_Types].xml`, the package
 * relationships and the main document with its relationships. What is missing or unreadable is
 * 'corrupt', with the part named.
 * @example const pkg = openDocxPackage(bytes); pkg.partPath('styles') // 'word/styles.xml'
 */
export function openDocxPackage(bytes: Uint8Array, limits?: ReadOptions['limits']): DocxPackage {
  const zip = openZip(bytes, limits);
  const contentTypes = readPart(zip, '[Content_Types].xml');
  if (!contentTypes)
    throw new EbookError('corrupt', 'The document is damaged: it has no [Content_Types].xml');
  const types = { byPath: new Map<string, string>(), byExtension: new Map<string, string>() };
  for (const el of childElements(contentTypes.root)) {
    const type = attrByLocal(el, 'ContentType') ?? '';
    const part = attrByLocal(el, 'PartName');
    const extension = attrByLocal(el, 'Extension');
    if (part) types.byPath.set(part.replace(/^\//, ''), type);
    if (extension) types.byExtension.set(extension.toLowerCase(), type);
  }
  const packageRels = readRels(zip, '', '_rels/.rels');
  const officeDocument = [...packageRels.values()].find(
    (rel) => rel.type === 'officeDocument' && !rel.external,
  );
  const byType = [...types.byPath].find(([, type]) => MAIN_TYPE.test(type))?.[0];
  const documentPath = [officeDocument?.target, byType, 'word/document.xml'].find(
    (path): path is string => path !== undefined && zip.get(path) !== undefined,
  );
  const document = documentPath ? readPart(zip, documentPath) : null;
  if (!documentPath || !document)
    throw new EbookError('corrupt', 'The document is damaged: it holds no Word document part');
  const folder = documentPath.slice(0, documentPath.lastIndexOf('/') + 1);
  const rels = readRels(zip, folder, `${folder}_rels/${documentPath.slice(folder.length)}.rels`);
  return {
    zip,
    documentPath,
    document,
    packageRels: [...packageRels.values()],
    rels,
    types,
    partPath: (type) => [...rels.values()].find((rel) => rel.type === type && !rel.external)?.target,
  };
}

/**
 * The relationships of a part, by id: targets resolved against the part's folder. A target that
 * climbs out of the archive is dropped, as is one without an id.
 */
export function readRels(zip: ZipArchive, folder: string, relsPath: string): Map<string, Relationship> {
  const rels = new Map<string, Relationship>();
  const doc = readPart(zip, relsPath);
  if (!doc) return rels;
  for (const el of childElements(doc.root, 'Relationship')) {
    const id = attrByLocal(el, 'Id');
    const target = attrByLocal(el, 'Target');
    if (!id || target === undefined) continue;
    const type = (attrByLocal(el, 'Type') ?? '').replace(/^.*\//, '');
    const external = attrByLocal(el, 'TargetMode') === 'External';
    const resolved = external ? target : resolvePart(folder, target);
    if (resolved !== null) rels.set(id, { target: resolved, external, type });
  }
  return rels;
}

/** A relationship target as an archive path: relative to `folder`, or absolute from the root. */
export function resolvePart(folder: string, target: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(target.replace(/#.*$/, ''));
  } catch {
    decoded = target;
  }
  const segments = (decoded.startsWith('/') ? decoded.slice(1) : folder + decoded).split('/');
  const out: string[] = [];
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(segment);
  }
  return out.join('/');
}

/** The media type of a part, from the content types (an override, else its extension's default). */
export function mediaTypeOf(pkg: DocxPackage, path: string): string {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return pkg.types.byPath.get(path) ?? pkg.types.byExtension.get(extension) ?? 'application/octet-stream';
}
