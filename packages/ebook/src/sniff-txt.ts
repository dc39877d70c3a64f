import type { SniffInput, SniffVerdict } from './sniff-input';

const latin1 = new TextDecoder('latin1');

/** Bytes that are neither a zip nor XML and decode as text. */
export function sniffTxt(input: SniffInput): SniffVerdict {
  return input.kind === 'other' && isText(input.bytes) ? 'yes' : false;
}

// Text has a BOM, or decodes as UTF-16 (zeros in alternate bytes), or has almost no control bytes.
function isText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return true;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  if (latin1.decode(bytes.subarray(0, 5)) === '%PDF-') return false;
  const sample = bytes.subarray(0, 65536);
  let zerosEven = 0;
  let zerosOdd = 0;
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const b = sample[i]!;
    if (b === 0) {
      if (i % 2 === 0) zerosEven++;
      else zerosOdd++;
    } else if (b < 9 || (b > 13 && b < 32 && b !== 27)) control++;
  }
  const half = sample.length / 2;
  if (zerosEven > half * 0.3 && zerosOdd === 0) return true; // UTF-16 BE without BOM
  if (zerosOdd > half * 0.3 && zerosEven === 0) return true; // UTF-16 LE without BOM
  return zerosEven + zerosOdd === 0 && control <= sample.length / 100;
}
