import { crc32, deflateRawSync } from 'node:zlib';
import type { ZipEntry } from './read-zip';

export type ZipInput =
  /**
   * New content; `store` skips compression (the EPUB mimetype must be stored). A function is called
   * when its entry is written, so only one entry's uncompressed bytes exist at a time.
   */
  | { name: string; data: Uint8Array | (() => Uint8Array); store?: boolean }
  /** An entry copied from another archive as it is stored there, so its bytes cannot change. */
  | { name: string; copy: ZipEntry; raw: Uint8Array };

// 2000-01-01 00:00 in DOS format: new entries get a fixed time so the same input gives the same bytes.
const DOS_DATE = ((2000 - 1980) << 9) | (1 << 5) | 1;
const encoder = new TextEncoder();
// Level 4 deflates XHTML in half the time of the default 6 for about 3% more bytes (Sherlock Holmes:
// 30 ms vs 60 ms, 245 KB vs 237 KB).
const DEFLATE_LEVEL = 4;

/**
 * Builds a zip in memory, entries in the given order (put the EPUB `mimetype` first, stored).
 * Copied entries keep their compressed bytes, checksum and dates.
 * @example writeZip([{ name: 'mimetype', data: bytes, store: true }, { name: 'a.xhtml', data }])
 */
export function writeZip(inputs: ZipInput[]): Uint8Array {
  const parts = [...writeZipParts(inputs)];
  return concat(
    parts,
    parts.reduce((sum, part) => sum + part.length, 0),
  );
}

/**
 * The zip as its parts in order (local header, compressed body, ..., central directory, end): each
 * entry is made, compressed and let go before the next, and nothing is joined into one buffer.
 * @example for (const part of writeZipParts(inputs)) stream.write(part);
 */
export function* writeZipParts(inputs: ZipInput[]): Generator<Uint8Array> {
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const input of inputs) {
    const name = encoder.encode(input.name);
    let method: number;
    let body: Uint8Array;
    let crc: number;
    let size: number;
    let time = 0;
    let date = DOS_DATE;
    if ('copy' in input) {
      ({ method, crc32: crc, size, time, date } = input.copy);
      body = input.raw;
    } else {
      const data = typeof input.data === 'function' ? input.data() : input.data;
      size = data.length;
      crc = crc32(data);
      const deflated = input.store || size < 64 ? null : deflateRawSync(data, { level: DEFLATE_LEVEL });
      method = deflated && deflated.length < size ? 8 : 0;
      body = method === 8 && deflated ? deflated : data;
    }
    const fields = { method, crc, compressed: body.length, size, time, date, nameLength: name.length };
    const local = header(30, 0x04034b50, fields);
    local.set(name, 30);
    const central = header(46, 0x02014b50, fields);
    const view = new DataView(central.buffer);
    view.setUint32(42, offset, true);
    central.set(name, 46);
    yield local;
    yield body;
    centrals.push(central);
    offset += local.length + body.length;
  }
  yield* centrals;
  const directorySize = centrals.reduce((sum, c) => sum + c.length, 0);
  const end = new Uint8Array(22);
  const view = new DataView(end.buffer);
  view.setUint32(0, 0x06054b50, true);
  view.setUint16(8, inputs.length, true);
  view.setUint16(10, inputs.length, true);
  view.setUint32(12, directorySize, true);
  view.setUint32(16, offset, true);
  yield end;
}

interface HeaderFields {
  method: number;
  crc: number;
  compressed: number;
  size: number;
  time: number;
  date: number;
  nameLength: number;
}

// Local (30 bytes) and central (46 bytes) headers share their fields, shifted by 2 bytes in the central one.
function header(length: 30 | 46, signature: number, f: HeaderFields): Uint8Array {
  const bytes = new Uint8Array(length + f.nameLength);
  const view = new DataView(bytes.buffer);
  const shift = length === 46 ? 2 : 0;
  view.setUint32(0, signature, true);
  if (shift) view.setUint16(4, 20, true); // version made by: 2.0, MS-DOS attributes
  view.setUint16(4 + shift, 20, true); // version needed: 2.0
  view.setUint16(6 + shift, 0x0800, true); // names are UTF-8
  view.setUint16(8 + shift, f.method, true);
  view.setUint16(10 + shift, f.time, true);
  view.setUint16(12 + shift, f.date, true);
  view.setUint32(14 + shift, f.crc, true);
  view.setUint32(18 + shift, f.compressed, true);
  view.setUint32(22 + shift, f.size, true);
  view.setUint16(26 + shift, f.nameLength, true);
  return bytes;
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
