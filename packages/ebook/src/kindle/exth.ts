import { KINDLE_LIMITS } from './kindle-limits';

/**
 * The EXTH records after the MOBI header, by type (100 author, 503 title, 121 KF8 boundary…), each
 * type's values in file order. A damaged EXTH block yields the records read before the damage: the
 * metadata is a courtesy, the text is what matters.
 * @example readExth(record0, 16 + mobiHeaderLength).get(100) // [bytes of the first author]
 */
export function readExth(record: Uint8Array, at: number): Map<number, Uint8Array[]> {
  const out = new Map<number, Uint8Array[]>();
  if (at + 12 > record.length || String.fromCharCode(...record.subarray(at, at + 4)) !== 'EXTH') return out;
  const view = new DataView(record.buffer, record.byteOffset, record.byteLength);
  const end = Math.min(record.length, at + view.getUint32(at + 4));
  const count = Math.min(view.getUint32(at + 8), KINDLE_LIMITS.maxExthRecords);
  let pos = at + 12;
  for (let i = 0; i < count && pos + 8 <= end; i++) {
    const type = view.getUint32(pos);
    const length = view.getUint32(pos + 4);
    if (length < 8 || pos + length > end) break;
    const values = out.get(type) ?? [];
    values.push(record.subarray(pos + 8, pos + length));
    out.set(type, values);
    pos += length;
  }
  return out;
}

/** The first value of an EXTH record as a big-endian number (121, 125, 201), or undefined. */
export function exthNumber(exth: Map<number, Uint8Array[]>, type: number): number | undefined {
  const value = exth.get(type)?.[0];
  if (!value || value.length === 0 || value.length > 4) return undefined;
  let n = 0;
  for (const byte of value) n = n * 256 + byte;
  return n;
}
