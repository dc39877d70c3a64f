export const MAX_PREFERRED = 3;

/** Adds a language unless it is empty, already chosen, or the list is full (at most 3). */
export function addPreferredLanguage(current: readonly string[], code: string): string[] {
  if (!code || current.includes(code) || current.length >= MAX_PREFERRED) return [...current];
  return [...current, code];
}
