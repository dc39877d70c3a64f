import { corruptKindle } from './kindle-limits';

const HEADER_BYTES = 78;
const latin1 = new TextDecoder('latin1');

/** The records of a Palm database (every MOBI, AZW and AZW3 file is one). */
export interface PalmDb {
  /** Type and creator, bytes 60-67: 'BOOKMOBI' for Kindle books. */
  typeCreator: string;
  count: number;
  /** The bytes of record `index` (a view, not a copy); throws 'corrupt' past the last record. */
  record(index: number): Uint8Array;
}

/**
 * Reads the Palm database header and its record table. The table must list records in increasing
 * order inside the file, else the file is 'corrupt': a crafted table could otherwise make every
 * later read overlap or run past the end.
 * @example readPalmDb(bytes).record(0) // the PalmDOC and MOBI headers
 */
export function readPalmDb(bytes: Uint8Array): PalmDb {
  if (bytes.length < HEADER_BYTES) throw corruptKindle('the file is too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint16(76);
  const tableEnd = HEADER_BYTES + count * 8;
  if (count === 0 || tableEnd > bytes.length) throw corruptKindle('the record table is cut short');
  const starts = new Uint32Array(count + 1);
  for (let i = 0; i < count; i++) {
    const start = view.getUint32(HEADER_BYTES + i * 8);
    if (start < tableEnd || start > bytes.length || (i > 0 && start < (starts[i - 1] ?? 0)))
      throw corruptKindle(`record ${i} starts outside the file or before the one listed before it`);
    starts[i] = start;
  }
  starts[count] = bytes.length;
  return {
    typeCreator: latin1.decode(bytes.subarray(60, 68)),
    count,
    record(index) {
      if (!Number.isInteger(index) || index < 0 || index >= count)
        throw corruptKindle(`record ${index} is named but the file has ${count}`);
      return bytes.subarray(starts[index], starts[index + 1]);
    },
  };
}
