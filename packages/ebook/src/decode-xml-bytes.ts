import { EbookError } from './errors';

const utf8 = new TextDecoder('utf-8');

/**
 * Decodes an XML/XHTML file from an EPUB: UTF-16 by BOM, else the encoding its XML declaration
 * names, else UTF-8. EPUB allows only UTF-8 and UTF-16, but old books in Shift_JIS or windows-1252
 * exist: they are read, and whatever the writer rewrites comes out as declared UTF-8. An encoding
 * the platform does not know is refused as 'unsupported'.
 * @example decodeXmlBytes(bytes, 'OEBPS/ch1.xhtml') // '<?xml version="1.0"?>...'
 */
export function decodeXmlBytes(bytes: Uint8Array, name: string): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  // The declaration sits in the first bytes and is ASCII in every encoding a book could use.
  const head = String.fromCharCode(...bytes.subarray(0, 100));
  const declared = /^(?:\xef\xbb\xbf)?<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/
    .exec(head)?.[1]
    ?.toLowerCase();
  let decoder = utf8;
  if (declared && declared !== 'utf-8' && declared !== 'utf8' && !declared.startsWith('utf-16')) {
    try {
      decoder = new TextDecoder(declared);
    } catch {
      throw new EbookError('unsupported', `${name} is encoded in ${declared}, which cannot be read`, {
        encoding: declared,
      });
    }
  }
  const text = decoder.decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
