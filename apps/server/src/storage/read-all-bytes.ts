import { buffer } from 'node:stream/consumers';
import type { Storage } from './storage';

/**
 * Reads a whole object into memory (books are parsed in memory, decision 110); NOT_FOUND when missing.
 * @example const bytes = await readAllBytes(storage, book.originalKey);
 */
export async function readAllBytes(storage: Pick<Storage, 'get'>, key: string): Promise<Uint8Array> {
  return new Uint8Array(await buffer(await storage.get(key)));
}
