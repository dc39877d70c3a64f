import { EbookError } from '../errors';
import { corruptKindle, KINDLE_LIMITS } from './kindle-limits';
import type { PalmDb } from './palm-db';

/** One entry of a Mobipocket index: its name and its tags' values. */
export interface IndexEntry {
  ident: string;
  tags: Map<number, number[]>;
}

/** An index (SKEL, FRAG, NCX) with the strings of its CNCX records, keyed by offset. */
export interface MobiIndex {
  entries: IndexEntry[];
  cncx: Map<number, string>;
}

/** What turns the index's strings into text: a TextDecoder of the book's encoding. */
export interface Decoder {
  decode(input: Uint8Array): string;
}

interface TagDef {
  tag: number;
  valuesPerEntry: number;
  mask: number;
  endFlag: number;
}

const latin1 = new TextDecoder('latin1');

/**
 * Reads the index whose header is record `first`: the INDX header record with its TAGX table, the
 * INDX records of entries after it, then the CNCX string records. Every offset and count is checked
 * against its record; past KINDLE_LIMITS.maxIndexEntries the file is 'too-complex'.
 * @example readIndex(db, start + header.skelIndex, decoder).entries[0].tags.get(6) // [offset, length]
 */
export function readIndex(db: PalmDb, first: number, decoder: Decoder): MobiIndex {
  const head = db.record(first);
  const hv = view(head);
  if (ascii(head, 0, 4) !== 'INDX' || head.length < 56) throw corruptKindle('an index record is invalid');
  const recordCount = hv.getUint32(24);
  const cncxCount = hv.getUint32(52);
  if (recordCount > 10_000 || cncxCount > 10_000) throw corruptKindle('an index names too many records');
  const tagxAt = ascii(head, hv.getUint32(4), 4) === 'TAGX' ? hv.getUint32(4) : u32(hv, 180);
  const { controlBytes, defs } = readTagx(head, tagxAt);
  const entries: IndexEntry[] = [];
  for (let r = 1; r <= recordCount; r++)
    readEntries(db.record(first + r), controlBytes, defs, decoder, entries);
  const cncx = new Map<number, string>();
  for (let c = 0; c < cncxCount; c++)
    readCncx(db.record(first + recordCount + 1 + c), c * 0x10000, decoder, cncx);
  return { entries, cncx };
}

function readTagx(record: Uint8Array, at: number): { controlBytes: number; defs: TagDef[] } {
  if (at + 12 > record.length || ascii(record, at, 4) !== 'TAGX')
    throw corruptKindle('an index has no TAGX table');
  const v = view(record);
  const end = at + v.getUint32(at + 4);
  const controlBytes = v.getUint32(at + 8);
  if (end > record.length || controlBytes > 16) throw corruptKindle('the TAGX table is cut short');
  const defs: TagDef[] = [];
  for (let p = at + 12; p + 4 <= end; p += 4)
    defs.push({
      tag: record[p] as number,
      valuesPerEntry: record[p + 1] as number,
      mask: record[p + 2] as number,
      endFlag: record[p + 3] as number,
    });
  return { controlBytes, defs };
}

function readEntries(
  record: Uint8Array,
  controlBytes: number,
  defs: TagDef[],
  decoder: Decoder,
  out: IndexEntry[],
): void {
  const v = view(record);
  if (ascii(record, 0, 4) !== 'INDX' || record.length < 28) throw corruptKindle('an index record is invalid');
  const idxt = v.getUint32(20);
  const count = v.getUint32(24);
  if (idxt + 4 + count * 2 > record.length) throw corruptKindle('an index table lies outside its record');
  if (out.length + count > KINDLE_LIMITS.maxIndexEntries) throw tooManyEntries();
  for (let j = 0; j < count; j++) {
    const start = v.getUint16(idxt + 4 + j * 2);
    const end = j + 1 < count ? v.getUint16(idxt + 4 + (j + 1) * 2) : idxt;
    if (start >= end || end > record.length) throw corruptKindle('an index entry lies outside its record');
    const entry = record.subarray(start, end);
    const identLength = entry[0] as number;
    if (1 + identLength > entry.length) throw corruptKindle('an index entry is cut short');
    const ident = decoder.decode(entry.subarray(1, 1 + identLength));
    out.push({ ident, tags: readTags(entry.subarray(1 + identLength), controlBytes, defs) });
  }
}

// The control bytes say which tags an entry has and how many values each; the values follow.
function readTags(data: Uint8Array, controlBytes: number, defs: TagDef[]): Map<number, number[]> {
  const reader = { data, pos: controlBytes };
  let control = 0;
  const present: { def: TagDef; count?: number; bytes?: number }[] = [];
  for (const def of defs) {
    if (def.endFlag & 1) {
      control++;
      continue;
    }
    const value = (data[control] ?? 0) & def.mask;
    if (value === 0) continue;
    if (value === def.mask && bitCount(def.mask) > 1) present.push({ def, bytes: varint(reader) });
    else present.push({ def, count: value / (def.mask & -def.mask) });
  }
  const tags = new Map<number, number[]>();
  for (const { def, count, bytes } of present) {
    const values: number[] = [];
    if (count !== undefined) {
      for (let i = 0; i < count * def.valuesPerEntry; i++) values.push(varint(reader));
    } else {
      const end = reader.pos + (bytes ?? 0);
      while (reader.pos < end) values.push(varint(reader));
    }
    tags.set(def.tag, values);
  }
  return tags;
}

function readCncx(record: Uint8Array, base: number, decoder: Decoder, out: Map<number, string>): void {
  const reader = { data: record, pos: 0 };
  // Records end with zero padding.
  while (reader.pos < record.length && record[reader.pos] !== 0) {
    const at = reader.pos;
    const length = varint(reader);
    if (length === 0) continue;
    if (reader.pos + length > record.length) return;
    out.set(base + at, decoder.decode(record.subarray(reader.pos, reader.pos + length)));
    reader.pos += length;
  }
}

/** A forward variable-length number: 7 bits a byte, the last byte flagged 0x80. */
function varint(reader: { data: Uint8Array; pos: number }): number {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    const byte = reader.data[reader.pos++];
    if (byte === undefined) throw corruptKindle('an index entry is cut short');
    value = value * 128 + (byte & 0x7f);
    if (byte & 0x80) return value;
  }
  throw corruptKindle('an index holds a number too long to be one');
}

function bitCount(x: number): number {
  let n = 0;
  for (let v = x; v; v &= v - 1) n++;
  return n;
}

function tooManyEntries(): EbookError {
  return new EbookError(
    'too-complex',
    `An index of the book has more than ${KINDLE_LIMITS.maxIndexEntries.toLocaleString('en-US')} entries`,
  );
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function u32(v: DataView, at: number): number {
  return at + 4 <= v.byteLength ? v.getUint32(at) : 0;
}

function ascii(bytes: Uint8Array, at: number, n: number): string {
  return latin1.decode(bytes.subarray(at, at + n));
}
