import { EbookError } from '../errors';
import { decompressPalmDoc } from './decompress-palmdoc';
import { concatBytes, huffCdic } from './huff-cdic';
import { corruptKindle, KINDLE_LIMITS, textTooLarge } from './kindle-limits';
import type { MobiHeader } from './mobi-header';
import type { PalmDb } from './palm-db';

/**
 * The decompressed text of a MOBI or KF8 part: its text records (numbered from `start + 1`) with
 * their trailing entries stripped, expanded and joined, never past KINDLE_LIMITS.maxTextBytes.
 * @example new TextDecoder().decode(readText(db, header, 0)) // '<html><head>…'
 */
export function readText(db: PalmDb, header: MobiHeader, start: number): Uint8Array {
  const expand = decompressor(db, header, start);
  const parts: Uint8Array[] = [];
  let size = 0;
  for (let i = 1; i <= header.textRecordCount; i++) {
    const record = db.record(start + i);
    const body = record.subarray(0, record.length - trailingSize(record, header.extraFlags));
    const text = expand(body, KINDLE_LIMITS.maxRecordTextBytes);
    size += text.length;
    if (size > KINDLE_LIMITS.maxTextBytes) throw textTooLarge();
    parts.push(text);
  }
  return concatBytes(parts, size);
}

function decompressor(
  db: PalmDb,
  header: MobiHeader,
  start: number,
): (input: Uint8Array, max: number) => Uint8Array {
  if (header.compression === 1)
    return (input, max) => {
      if (input.length > max) throw corruptKindle('a text record is larger than its size');
      return input;
    };
  if (header.compression === 2) return decompressPalmDoc;
  if (header.compression === 17480) {
    if (header.huffCount < 2 || header.huffCount > 256)
      throw corruptKindle('the HUFF/CDIC records are missing');
    const cdics: Uint8Array[] = [];
    for (let i = 1; i < header.huffCount; i++) cdics.push(db.record(start + header.huffRecord + i));
    return huffCdic(db.record(start + header.huffRecord), cdics);
  }
  throw new EbookError(
    'unsupported',
    `This Kindle book uses a compression we do not know (${header.compression})`,
  );
}

/**
 * How many bytes at the end of a text record are trailing entries rather than text: one entry per
 * set bit of the flags above bit 0 (each ends with its own size, written backwards), then, for bit
 * 0, the bytes of a character cut at the record's end.
 * @example trailingSize(Uint8Array.of(0x41, 0x42, 0x81), 0b10) // 1
 */
export function trailingSize(record: Uint8Array, flags: number): number {
  let size = 0;
  for (let bits = flags >>> 1; bits !== 0; bits >>>= 1) {
    if (bits & 1) size += entrySize(record, record.length - size);
    if (size > record.length) throw corruptKindle('a text record is shorter than its trailing entries');
  }
  if (flags & 1) {
    const last = record[record.length - size - 1];
    if (last === undefined) throw corruptKindle('a text record is shorter than its trailing entries');
    size += (last & 3) + 1;
  }
  if (size > record.length) throw corruptKindle('a text record is shorter than its trailing entries');
  return size;
}

// A backward variable-length number ending at `end`: 7 bits a byte, the first byte flagged 0x80.
function entrySize(record: Uint8Array, end: number): number {
  let value = 0;
  let shift = 0;
  for (let pos = end - 1; pos >= 0; pos--) {
    const byte = record[pos] as number;
    value |= (byte & 0x7f) << shift;
    shift += 7;
    if (byte & 0x80 || shift >= 28) return value;
  }
  return value;
}
