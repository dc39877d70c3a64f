/**
 * Fair shares between users on the one chunk queue (decision 160). Workers fetch chunk jobs in
 * priority order (highest first, then oldest), so a chunk's priority is minus its place in its
 * owner's line: the chunks a user already has waiting go first in that user's line, then this
 * translation's in planning order. A user with nothing waiting ranks from 0 and so goes before the
 * deep end of a heavy user's line, whose chunks then take every slot the lighter user leaves free.
 * @example chunkPriorities(640, 3) // [-640, -641, -642]
 */
export function chunkPriorities(ahead: number, count: number): number[] {
  if (!Number.isInteger(ahead) || ahead < 0) throw new Error(`ahead must be a whole number, got ${ahead}`);
  return Array.from({ length: count }, (_, i) => -Math.min(ahead + i, MAX_RANK));
}

/** pg-boss keeps priorities in an integer column; a line this long is a full queue anyway. */
export const MAX_RANK = 1_000_000_000;
