/** First letters of the name's words, at most 2, upper-case ('ada lovelace' -> 'AL'). */
export function initials(name: string | null | undefined): string {
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** Cover fallback: the first 2 or 3 letters of the title, upper-case (3 when the title allows). */
export function titleTile(title: string | null | undefined): string {
  const letters = (title ?? '').replace(/[^\p{L}\p{N}]/gu, '');
  return letters.slice(0, letters.length >= 3 ? 3 : 2).toUpperCase() || '?';
}
