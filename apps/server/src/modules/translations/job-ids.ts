import { createHash } from 'node:crypto';

/**
 * Deterministic job ids (UUID-shaped, from a hash): sending the same step of the same run twice
 * (a prepare step re-run after a crash) inserts nothing, so no chunk is ever queued twice.
 */
export function jobId(...parts: (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  // Version 5-style layout so PostgreSQL's uuid type accepts it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Short hash of a block's source text, stored with its translation. */
export function sourceHash(text: string): string {
  return createHash('sha1').update(text).digest('base64url').slice(0, 16);
}
