import { EbookError } from './errors';

const utf8 = new TextDecoder('utf-8');

/**
 * Decodes an XML/XHTML file from an EPUB: UTF-8 (with or without BOM) or UTF-16 by BOM. EPUB allows
 * nothing else, so a document declaring another encoding is refused rather than guessed.
 * @example decodeXmlBytes(bytes, 'OEBPS/ch1.xhtml') // '<?xml version="1.0"?>...'
 */
export function decodeXmlBytes(bytes: Uint8Array, name: string): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  // The declaration sits in the first bytes and is ASCII in every encoding EPUB permits.
  const head = String.fromCharCode(...bytes.subarray(0, 100));
  const declared = /^(?:\ufeff|\xef\xbb\xbf)?<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/
    .exec(head)?.[1]
    ?.toLowerCase();
  if (declared && declared !== 'utf-8' && declared !== 'utf8' && !declared.startsWith('utf-16'))
    throw new EbookError(
      'unsupported',
      `${name} is encoded in ${declared}; EPUB content must be UTF-8 or UTF-16`,
      {
        encoding: declared,
      },
    );
  const text = utf8.decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
