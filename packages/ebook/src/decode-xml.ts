import { bomEncoding, type DecodedText, decodeAs, guessEncoding, normaliseEncoding } from './detect-encoding';
import { EbookError } from './errors';

const latin1 = new TextDecoder('latin1');

/**
 * Decodes an XML document the way XML says to: byte-order mark, then the encoding named in the XML
 * declaration (windows-1251, KOI8-R, ...), then detection when neither is there. The declaration
 * itself is removed from the text, since it no longer describes the decoded string.
 * @example decodeXml(bytes).encoding // 'windows-1251' for <?xml version="1.0" encoding="Windows-1251"?>
 */
export function decodeXml(bytes: Uint8Array): DecodedText {
  const bom = bomEncoding(bytes);
  let decoded: DecodedText;
  if (bom) decoded = { encoding: bom.encoding, text: decodeAs(bytes.subarray(bom.length), bom.encoding) };
  else if (bytes[0] === 0x3c && bytes[1] === 0)
    decoded = { encoding: 'utf-16le', text: decodeAs(bytes, 'utf-16le') };
  else if (bytes[0] === 0 && bytes[1] === 0x3c)
    decoded = { encoding: 'utf-16be', text: decodeAs(bytes, 'utf-16be') };
  else {
    const declared = latin1
      .decode(bytes.subarray(0, 200))
      .match(/^\s*<\?xml[^>]*?encoding\s*=\s*["']([\w.:-]+)["']/)?.[1];
    if (declared) {
      const encoding = normaliseEncoding(declared);
      if (!encoding)
        throw new EbookError('unsupported', `the XML declares the unknown encoding "${declared}"`);
      // UTF-16 declared without a byte-order mark on bytes that are plainly 8-bit: trust the bytes.
      decoded = encoding.startsWith('utf-16')
        ? detectUndeclared(bytes)
        : { encoding, text: decodeAs(bytes, encoding) };
    } else decoded = detectUndeclared(bytes);
  }
  return { encoding: decoded.encoding, text: decoded.text.replace(/^\ufeff?\s*<\?xml[^>]*\?>/, '') };
}

// Markup is ASCII and drowns the statistics: guess from the bytes between tags only.
function detectUndeclared(bytes: Uint8Array): DecodedText {
  try {
    return { encoding: 'utf-8', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const sample: number[] = [];
    let inTag = false;
    for (let i = 0; i < bytes.length && sample.length < 65536; i++) {
      const byte = bytes[i] as number;
      if (byte === 0x3c) inTag = true;
      else if (byte === 0x3e) inTag = false;
      else if (!inTag) sample.push(byte);
    }
    const encoding = guessEncoding(Uint8Array.from(sample));
    return { encoding, text: decodeAs(bytes, encoding) };
  }
}
