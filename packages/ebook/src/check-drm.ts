import { EbookError } from './errors';
import type { ZipArchive } from './read-zip';
import { parseXml } from './xml-dom';
import { attrByLocal, descendants } from './xml-query';

// Font obfuscation (IDPF and Adobe) protects embedded fonts only; the text stays readable.
const FONT_OBFUSCATION = new Set(['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#RC']);
const decoder = new TextDecoder();

/**
 * Throws EbookError 'drm' when the EPUB's content is encrypted: Adobe ADEPT/rights.xml, Apple
 * FairPlay sinf.xml, or encryption.xml entries other than font obfuscation.
 * @example checkDrm(openZip(bytes))
 */
export function checkDrm(zip: ZipArchive): void {
  if (zip.get('META-INF/rights.xml') || zip.get('META-INF/sinf.xml'))
    throw new EbookError('drm', 'The book is protected by DRM and cannot be read');
  const entry = zip.get('META-INF/encryption.xml');
  if (!entry) return;
  const doc = parseXml(decoder.decode(zip.read(entry)), { name: 'META-INF/encryption.xml' });
  for (const method of descendants(doc.root, 'EncryptionMethod')) {
    const algorithm = attrByLocal(method, 'Algorithm') ?? '';
    if (!FONT_OBFUSCATION.has(algorithm))
      throw new EbookError('drm', 'The book is encrypted (DRM) and cannot be read', { algorithm });
  }
}
