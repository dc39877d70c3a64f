import { corruptKindle, KINDLE_LIMITS } from './kindle-limits';

interface Dict1Entry {
  codeLength: number;
  terminal: boolean;
  maxCode: number;
}

interface Phrase {
  bytes: Uint8Array;
  /** False while the phrase is itself still compressed. */
  expanded: boolean;
  /** Set while the phrase is being expanded, to catch a phrase that contains itself. */
  busy?: boolean;
}

const ascii = (bytes: Uint8Array, at: number, n: number) =>
  String.fromCharCode(...bytes.subarray(at, at + n));

/**
 * The HUFF/CDIC decompressor of Mobipocket (compression 17480): a Huffman code whose symbols are
 * phrases of a dictionary, the phrases themselves compressed the same way. Built from the HUFF record
 * and the CDIC records after it; each call expands one text record, never past `maxBytes`.
 * @example const expand = huffCdic(huff, cdics); expand(record, 4096)
 */
export function huffCdic(
  huff: Uint8Array,
  cdics: Uint8Array[],
): (input: Uint8Array, maxBytes: number) => Uint8Array {
  if (huff.length < 24 || ascii(huff, 0, 8) !== 'HUFF\0\0\0\x18')
    throw corruptKindle('the HUFF record is invalid');
  const hv = new DataView(huff.buffer, huff.byteOffset, huff.byteLength);
  const off1 = hv.getUint32(8);
  const off2 = hv.getUint32(12);
  if (off1 + 1024 > huff.length || off2 + 256 > huff.length)
    throw corruptKindle('the HUFF tables are cut short');
  const dict1: Dict1Entry[] = [];
  for (let i = 0; i < 256; i++) {
    const v = hv.getUint32(off1 + i * 4);
    const codeLength = v & 0x1f;
    if (codeLength === 0) throw corruptKindle('the HUFF table has a code of no length');
    dict1.push({
      codeLength,
      terminal: (v & 0x80) !== 0,
      maxCode: ((v >>> 8) + 1) * 2 ** (32 - codeLength) - 1,
    });
  }
  const minCodes = [0];
  const maxCodes = [2 ** 32 - 1];
  for (let len = 1; len <= 32; len++) {
    minCodes.push(hv.getUint32(off2 + (len - 1) * 8) * 2 ** (32 - len));
    maxCodes.push((hv.getUint32(off2 + (len - 1) * 8 + 4) + 1) * 2 ** (32 - len) - 1);
  }
  const phrases: Phrase[] = [];
  for (const cdic of cdics) {
    if (cdic.length < 16 || ascii(cdic, 0, 8) !== 'CDIC\0\0\0\x10')
      throw corruptKindle('a CDIC record is invalid');
    const cv = new DataView(cdic.buffer, cdic.byteOffset, cdic.byteLength);
    const total = cv.getUint32(8);
    const bits = cv.getUint32(12);
    const n = Math.min(2 ** Math.min(bits, 16), total - phrases.length);
    for (let i = 0; i < n; i++) {
      if (16 + i * 2 + 2 > cdic.length) throw corruptKindle('a CDIC record is cut short');
      const at = 16 + cv.getUint16(16 + i * 2);
      if (at + 2 > cdic.length) throw corruptKindle('a CDIC phrase lies outside its record');
      const head = cv.getUint16(at);
      const end = at + 2 + (head & 0x7fff);
      if (end > cdic.length) throw corruptKindle('a CDIC phrase runs past its record');
      phrases.push({ bytes: cdic.subarray(at + 2, end), expanded: (head & 0x8000) !== 0 });
    }
  }

  const expand = (data: Uint8Array, maxBytes: number, depth: number): Uint8Array => {
    if (depth > KINDLE_LIMITS.maxHuffDepth) throw corruptKindle('the HUFF/CDIC phrases nest too deep');
    const parts: Uint8Array[] = [];
    let size = 0;
    let bitsLeft = data.length * 8;
    for (let pos = 0; ; ) {
      const code = read32(data, pos);
      let { codeLength, maxCode } = dict1[code >>> 24] as Dict1Entry;
      if (!(dict1[code >>> 24] as Dict1Entry).terminal) {
        while (codeLength < 32 && code < (minCodes[codeLength] as number)) codeLength++;
        maxCode = maxCodes[codeLength] as number;
      }
      pos += codeLength;
      bitsLeft -= codeLength;
      if (bitsLeft < 0) break;
      const index = Math.floor((maxCode - code) / 2 ** (32 - codeLength));
      const phrase = phrases[index];
      if (!phrase || phrase.busy) throw corruptKindle('a HUFF code names no CDIC phrase');
      if (!phrase.expanded) {
        phrase.busy = true;
        phrase.bytes = expand(phrase.bytes, maxBytes, depth + 1);
        phrase.busy = false;
        phrase.expanded = true;
      }
      size += phrase.bytes.length;
      if (size > maxBytes) throw corruptKindle('a text record expands past its size');
      parts.push(phrase.bytes);
    }
    return concatBytes(parts, size);
  };
  return (input, maxBytes) => expand(input, maxBytes, 0);
}

// The 32 bits starting at bit `pos`, zeros past the end.
function read32(data: Uint8Array, pos: number): number {
  const at = pos >>> 3;
  const shift = pos & 7;
  const word =
    ((data[at] ?? 0) << 24) | ((data[at + 1] ?? 0) << 16) | ((data[at + 2] ?? 0) << 8) | (data[at + 3] ?? 0);
  return ((word << shift) | ((data[at + 4] ?? 0) >>> (8 - shift))) >>> 0;
}

/** Joins byte arrays whose total length is known. */
export function concatBytes(parts: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
