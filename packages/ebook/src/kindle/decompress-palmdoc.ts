import { corruptKindle } from './kindle-limits';

/**
 * Expands one PalmDOC (LZ77) record. The output may not grow past `maxBytes`: every byte of the
 * input yields at most 10 bytes of output, and the loop ends with the input, so a crafted record
 * cannot make it run long.
 * @example decompressPalmDoc(Uint8Array.of(0x48, 0x69), 4096) // 'Hi'
 */
export function decompressPalmDoc(input: Uint8Array, maxBytes: number): Uint8Array {
  const out = new Uint8Array(Math.min(maxBytes, input.length * 10));
  let o = 0;
  const room = (n: number) => {
    if (o + n > out.length) throw corruptKindle('a text record expands past its size');
  };
  for (let i = 0; i < input.length; ) {
    const byte = input[i++] as number;
    if (byte >= 1 && byte <= 8) {
      // A run of literal bytes follows.
      if (i + byte > input.length) throw corruptKindle('a text record ends inside a run of literals');
      room(byte);
      out.set(input.subarray(i, i + byte), o);
      o += byte;
      i += byte;
    } else if (byte < 0x80) {
      room(1);
      out[o++] = byte;
    } else if (byte >= 0xc0) {
      // A space and a letter in one byte.
      room(2);
      out[o++] = 0x20;
      out[o++] = byte ^ 0x80;
    } else {
      if (i >= input.length) throw corruptKindle('a text record ends inside a back-reference');
      const pair = (byte << 8) | (input[i++] as number);
      const distance = (pair >> 3) & 0x7ff;
      const length = (pair & 7) + 3;
      if (distance === 0 || distance > o) throw corruptKindle('a back-reference points before the text');
      room(length);
      // Byte by byte: a copy may overlap what it is writing.
      for (let k = 0; k < length; k++, o++) out[o] = out[o - distance] as number;
    }
  }
  return out.subarray(0, o);
}
