import type { Storage } from './storage';

/**
 * Reads a whole object into memory (books are parsed in memory, decision 110); NOT_FOUND when missing.
 * The bytes are copied chunk by chunk into one buffer of the object's size, so no single step holds
 * the event loop: joining a 100 MB book's chunks at the end (`stream/consumers`' buffer(), or one
 * Buffer.concat) held it for seconds while other users' requests waited (decision 225).
 * @example const bytes = await readAllBytes(storage, book.originalKey);
 */
export async function readAllBytes(storage: Pick<Storage, 'get' | 'stat'>, key: string): Promise<Uint8Array> {
  const expected = (await storage.stat(key))?.size ?? 0;
  let whole = new Uint8Array(expected);
  let length = 0;
  for await (const chunk of await storage.get(key)) {
    const bytes = chunk as Uint8Array;
    if (length + bytes.length > whole.length) {
      // The object grew since stat (overwritten): make room, doubling so this stays rare.
      const larger = new Uint8Array(Math.max(whole.length * 2, length + bytes.length));
      larger.set(whole.subarray(0, length));
      whole = larger;
    }
    whole.set(bytes, length);
    length += bytes.length;
  }
  return length === whole.length ? whole : whole.subarray(0, length);
}
