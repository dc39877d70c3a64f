/**
 * A chunk's request id in a provider batch: its translation, run, chunk and attempt, within the
 * strictest provider's rule (64 characters of [A-Za-z0-9_-]).
 * @example economyCustomId('0b6f…', 1, 7, 2) // '0b6f…-r1-c7-a2'
 */
export function economyCustomId(translationId: string, run: number, seq: number, attempt: number): string {
  return `${translationId.replaceAll('-', '')}-r${run}-c${seq}-a${attempt}`;
}
