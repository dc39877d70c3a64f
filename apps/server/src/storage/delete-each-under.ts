import type { Storage } from './storage';

/**
 * Deletes every object whose key starts with `prefix`, one at a time; answers how many there were.
 * @example await deleteEachUnder(storage, `uploads/${userId}/`);
 */
export async function deleteEachUnder(
  storage: Pick<Storage, 'list' | 'delete'>,
  prefix: string,
): Promise<number> {
  const objects = await storage.list(prefix);
  for (const object of objects) await storage.delete(object.key);
  return objects.length;
}
