import { Buffer } from 'node:buffer';

/** A piece of an XML document: text, or bytes to appear base64-encoded (an FB2 binary). */
export type XmlPart = string | { base64: Uint8Array };

// 48 KiB, a multiple of 3: base64 of consecutive slices concatenates to the base64 of the whole.
const SLICE = 3 * 16384;

/**
 * Encodes parts as one UTF-8 byte array, written straight into a buffer of the exact size. Joining
 * a novel into one string first (and base64 of a cover into another) put several MB of large
 * strings on the heap at the very end of a conversion, enough to set off a full garbage collection.
 * @example new TextDecoder().decode(encodeXmlParts(['<b>', { base64: new Uint8Array([104, 105]) }, '</b>'])) // '<b>aGk=</b>'
 */
export function encodeXmlParts(parts: XmlPart[]): Uint8Array {
  let size = 0;
  for (const part of parts)
    size +=
      typeof part === 'string' ? Buffer.byteLength(part, 'utf8') : Math.ceil(part.base64.length / 3) * 4;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const part of parts) {
    if (typeof part === 'string') {
      at += out.write(part, at, 'utf8');
      continue;
    }
    const data = part.base64;
    for (let from = 0; from < data.length; from += SLICE) {
      const slice = data.subarray(from, Math.min(from + SLICE, data.length));
      const text = Buffer.from(slice.buffer, slice.byteOffset, slice.byteLength).toString('base64');
      at += out.write(text, at, 'latin1');
    }
  }
  return new Uint8Array(out.buffer, out.byteOffset, at);
}
