/** An image type a cover may have, with the extension its storage key gets. */
export interface ImageType {
  contentType: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'image/svg+xml';
  extension: 'jpg' | 'png' | 'gif' | 'webp' | 'svg';
}

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

// An SVG document: optional BOM, XML declaration, comments and doctype, then the <svg> root.
const SVG_ROOT =
  /^\uFEFF?\s*(?:<\?xml[^>]{0,200}\?>\s*)?(?:<!--[\s\S]{0,2000}?-->\s*)*(?:<!DOCTYPE\s+svg[^>]{0,500}>\s*)?(?:<!--[\s\S]{0,2000}?-->\s*)*<svg[\s>]/i;

/**
 * The type of a cover from its bytes, never from what the book declares (a book may call an HTML
 * page image/png). Only JPEG, PNG, GIF, WebP and SVG pass; anything else is no cover at all.
 * @example sniffImage(pngBytes) // { contentType: 'image/png', extension: 'png' }
 */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', extension: 'png' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')))
    return { contentType: 'image/gif', extension: 'gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { contentType: 'image/webp', extension: 'webp' };
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  if (SVG_ROOT.test(head)) return { contentType: 'image/svg+xml', extension: 'svg' };
  return null;
}
