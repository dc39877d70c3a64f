import { crc32, inflateRawSync } from 'node:zlib';
import { EbookError } from './errors';
import type { ReadOptions } from './options';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  crc32: number;
  compressedSize: number;
  size: number;
  /** DOS time and date, kept so a rewritten archive can copy them. */
  time: number;
  date: number;
  localHeaderOffset: number;
}

export interface ZipArchive {
  entries: ZipEntry[];
  get(name: string): ZipEntry | undefined;
  /** The entry's bytes, inflated and CRC-checked; each call counts against `maxInflatedBytes`. */
  read(entry: ZipEntry): Uint8Array;
  /** The entry's stored (possibly compressed) bytes, for copying it unchanged. */
  raw(entry: ZipEntry): Uint8Array;
}

export const ZIP_LIMITS = {
  maxUncompressedBytes: 512 * 1024 * 1024,
  maxEntries: 10_000,
  maxRatio: 100,
  // Declared sizes are per entry; a spine naming one entry 300 times inflates it 300 times.
  maxInflatedBytes: 256 * 1024 * 1024,
};
// Small entries compress absurdly well (a file of spaces) and cannot hurt: the ratio cap starts
// here. Real books stay under 10:1 (the corpus' worst is 6.6:1); a 1 MiB chapter in 4 KB is a bomb.
const RATIO_FLOOR = 256 * 1024;
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const utf8 = new TextDecoder('utf-8');

/**
 * Opens a zip held in memory. Reads the central directory only; every cap (entry count, total size,
 * ratio) and every path check runs before anything is inflated.
 * @example const zip = openZip(bytes); zip.read(zip.get('mimetype')!)
 */
export function openZip(bytes: Uint8Array, limits: ReadOptions['limits'] = {}): ZipArchive {
  const caps = { ...ZIP_LIMITS, ...limits };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEocd(bytes, view);
  const count = view.getUint16(eocd + 10, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff)
    throw new EbookError('unsupported', 'ZIP64 archives are not supported');
  if (count > caps.maxEntries)
    throw new EbookError('archive-bomb', `The archive holds ${count} entries (limit ${caps.maxEntries})`);
  const entries: ZipEntry[] = [];
  const byName = new Map<string, ZipEntry>();
  let total = 0;
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL)
      throw new EbookError('corrupt', 'The archive directory is damaged');
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const entry: ZipEntry = {
      name: utf8.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      time: view.getUint16(at + 12, true),
      date: view.getUint16(at + 14, true),
      crc32: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    };
    if (flags & 1) throw new EbookError('drm', 'The archive is encrypted');
    checkPath(entry.name, view.getUint16(at + 4, true) >> 8, view.getUint32(at + 38, true));
    total += entry.size;
    if (total > caps.maxUncompressedBytes)
      throw new EbookError('archive-bomb', 'The archive expands beyond the size limit');
    if (entry.size >= RATIO_FLOOR && entry.size > caps.maxRatio * Math.max(entry.compressedSize, 1))
      throw new EbookError('archive-bomb', `${entry.name} expands more than ${caps.maxRatio} times`);
    // Deflate never grows data by more than a few bytes per block: more compressed bytes than that
    // means the declared size lies, and inflating would churn through an unbounded stream.
    if (entry.compressedSize > entry.size + (entry.size >> 10) + 1024)
      throw new EbookError('archive-bomb', `${entry.name} declares a size smaller than its data`);
    // Readers take the first entry of a name, unzip tools the last: a second container.xml could
    // hide another book behind the one we read and copy it into the translation untranslated.
    if (byName.has(entry.name))
      throw new EbookError('corrupt', `The archive holds the entry "${entry.name}" twice`);
    entries.push(entry);
    byName.set(entry.name, entry);
    at = next;
  }
  let inflated = 0;
  return {
    entries,
    get: (name) => byName.get(name),
    read: (e) => {
      inflated += e.size;
      if (inflated > caps.maxInflatedBytes)
        throw new EbookError('archive-bomb', 'Reading the archive inflates more than the size limit');
      return readEntry(bytes, view, e);
    },
    raw: (e) => rawEntry(bytes, view, e),
  };
}

function findEocd(bytes: Uint8Array, view: DataView): number {
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  for (let i = bytes.length - 22; i >= stop; i--) if (view.getUint32(i, true) === EOCD) return i;
  throw new EbookError('corrupt', 'Not a zip archive, or a truncated one');
}

// Zip slip and friends: the name must stay inside the archive root on every operating system.
function checkPath(name: string, host: number, external: number): void {
  const unsafe =
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').some((segment) => segment === '..');
  if (unsafe) throw new EbookError('unsafe-path', `The archive entry "${name}" points outside the archive`);
  const unixMode = external >>> 16;
  if (host === 3 && (unixMode & 0o170000) === 0o120000)
    throw new EbookError('unsafe-path', `The archive entry "${name}" is a symbolic link`);
}

function rawEntry(bytes: Uint8Array, view: DataView, entry: ZipEntry): Uint8Array {
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL)
    throw new EbookError('corrupt', `The archive entry "${entry.name}" is damaged`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length)
    throw new EbookError('corrupt', `The archive entry "${entry.name}" is truncated`);
  return bytes.subarray(start, start + entry.compressedSize);
}

function readEntry(bytes: Uint8Array, view: DataView, entry: ZipEntry): Uint8Array {
  const raw = rawEntry(bytes, view, entry);
  let data: Uint8Array;
  if (entry.method === 0) data = raw;
  else if (entry.method === 8) {
    // Output is capped at the declared size: a lying header cannot inflate any further.
    try {
      const inflated = inflateRawSync(raw, { maxOutputLength: Math.max(entry.size, 1) });
      data = new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.length);
    } catch (error) {
      const tooBig = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      if (tooBig) throw new EbookError('archive-bomb', `${entry.name} inflates beyond its declared size`);
      throw new EbookError('corrupt', `The archive entry "${entry.name}" cannot be inflated`);
    }
  } else
    throw new EbookError(
      'unsupported',
      `The archive entry "${entry.name}" uses compression method ${entry.method}`,
    );
  if (data.length !== entry.size || crc32(data) !== entry.crc32)
    throw new EbookError('corrupt', `The archive entry "${entry.name}" fails its checksum`);
  return data;
}
