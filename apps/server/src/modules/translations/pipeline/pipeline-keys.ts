import { createHash } from 'node:crypto';

/** One run of one translation: what every pipeline job is about. */
export interface RunRef {
  translationId: string;
  run: number;
}

/** Where an oversized block's part sits among the block's sentence-aligned parts. */
export interface UnitPart {
  index: number;
  count: number;
}

/**
 * Deterministic job ids of the pipeline's steps (UUID-shaped, from a hash): sending the same step
 * of the same run twice (a prepare step re-run after a crash) inserts nothing, so no chunk is ever
 * queued twice.
 * @example pipelineJobId.chunk({ translationId, run: 1 }, 3) // the same UUID every time
 */
export const pipelineJobId = {
  prepare: (ref: RunRef) => hashedId('prepare', ref.translationId, ref.run),
  chunk: (ref: RunRef, seq: number) => hashedId('chunk', ref.translationId, ref.run, seq),
  merge: (ref: RunRef) => hashedId('merge', ref.translationId, ref.run),
  economySubmit: (ref: RunRef) => hashedId('economy-submit', ref.translationId, ref.run),
  /** One poll per tick (a period of ECONOMY_POLL_SECONDS): two steps scheduling the same tick send one job. */
  economyPoll: (ref: RunRef, tick: number) => hashedId('economy-poll', ref.translationId, ref.run, tick),
};

function hashedId(...parts: (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  // Version 5-style layout so PostgreSQL's uuid type accepts it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The key a translated unit is saved under: a whole block (`c1.b7`) or one sentence-aligned part of
 * an oversized block (`c1.b7#0/3`).
 * @example unitKey('c1.b7', { index: 0, count: 3 }) // 'c1.b7#0/3'
 */
export function unitKey(blockId: string, part?: UnitPart): string {
  return part ? `${blockId}${PART_MARK}${part.index}/${part.count}` : blockId;
}

const PART_MARK = '#';
const PART_KEY = /^(.*)#(\d+)\/(\d+)$/;

/** The block and (for a part) its place, from a saved unit's key: the inverse of `unitKey`. */
export function parseUnitKey(key: string): { blockId: string; part?: UnitPart } {
  const match = PART_KEY.exec(key);
  if (!match) return { blockId: key };
  return { blockId: match[1]!, part: { index: Number(match[2]), count: Number(match[3]) } };
}

/** Whether a saved unit's key is the block itself or one of its parts. */
export function isUnitOf(key: string, blockId: string): boolean {
  return key === blockId || key.startsWith(`${blockId}${PART_MARK}`);
}

/** A SQL LIKE pattern for the keys of every part of a block (the block's own key not included). */
export function partKeysLike(blockId: string): string {
  return `${blockId}${PART_MARK}%`;
}
