import { decodeXmlBytes } from './decode-xml-bytes';
import { resolveHref } from './epub-paths';
import type { EpubPackage, ManifestItem } from './read-epub-package';
import type { ZipArchive } from './read-zip';
import { parseXml } from './xml-dom';
import { attrByLocal, descendants } from './xml-query';

/**
 * The cover image named by the EPUB 2 `<guide>`: its `cover` reference points at an image or at a
 * page whose first image is the cover. Used when neither `cover-image` nor `meta name="cover"` says.
 * @example findGuideCover(zip, pkg)?.path // 'OEBPS/images/cover.jpg'
 */
export function findGuideCover(zip: ZipArchive, pkg: EpubPackage): ManifestItem | undefined {
  const reference = descendants(pkg.opf.root, 'reference').find(
    (el) => attrByLocal(el, 'type')?.toLowerCase() === 'cover',
  );
  const ref = reference && resolveHref(pkg.opfPath, attrByLocal(reference, 'href') ?? '');
  const item = ref && pkg.byPath.get(ref.path);
  if (!item) return undefined;
  if (item.mediaType.startsWith('image/')) return item;
  const entry = zip.get(item.path);
  if (!entry) return undefined;
  try {
    const page = parseXml(decodeXmlBytes(zip.read(entry), item.path), { lenient: true });
    for (const img of [...descendants(page.root, 'img'), ...descendants(page.root, 'image')]) {
      const src = img.attrs.src ?? img.attrs['xlink:href'] ?? img.attrs.href;
      const target = src ? resolveHref(item.path, src) : null;
      const image = target && pkg.byPath.get(target.path);
      if (image?.mediaType.startsWith('image/')) return image;
    }
  } catch {
    // An unreadable cover page only means no cover, never an unreadable book.
  }
  return undefined;
}
