// A sentence ends at . ! ? or … (with closing quotes or brackets) before a space, or at CJK full stops.
const SENTENCE_END = /[.!?…]["'”’»)\]]*\s|[。！？][」』”）]*/gu;

/**
 * Cuts text longer than `max` characters into pieces of at most `max`: after the last sentence end
 * in the second half of each piece, else at the last space, else (a run with no space at all) at
 * `max`, never inside a surrogate pair. Shorter text comes back whole.
 * @example cutLongText('One. Two. Three.', 10) // ['One. Two.', 'Three.']
 */
export function cutLongText(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const pieces: string[] = [];
  let start = 0;
  while (text.length - start > max) {
    const end = cutPoint(text, start, max);
    const piece = text.slice(start, end).trim();
    if (piece) pieces.push(piece);
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) pieces.push(rest);
  return pieces;
}

function cutPoint(text: string, start: number, max: number): number {
  const limit = start + max;
  const half = start + Math.floor(max / 2);
  const window = text.slice(half, limit);
  let sentence = -1;
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(window); m; m = SENTENCE_END.exec(window)) sentence = m.index + m[0].length;
  if (sentence > 0) return half + sentence;
  for (let i = limit; i > half; i--) if (/\s/.test(text.charAt(i - 1))) return i;
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}
