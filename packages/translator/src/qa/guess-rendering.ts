/**
 * The word (or run of as many words as the rendering has) in `target` most like `expected`, by the
 * Dice coefficient of letter pairs; null when nothing comes close. Tells what a model wrote instead of
 * the glossary's rendering ("Mara" where "Marah" was agreed).
 * @example guessRendering('Entonces raaM subió.', 'araM') // 'raaM'
 */
export function guessRendering(target: string, expected: string): string | null {
  const words = target.match(/[\p{L}\p{N}'’-]+/gu) ?? [];
  const size = Math.max(1, expected.split(/\s+/).length);
  const want = pairs(expected);
  let best: string | null = null;
  let bestScore = 0.4;
  for (let i = 0; i + size <= words.length; i++) {
    const candidate = words.slice(i, i + size).join(' ');
    const score = dice(want, pairs(candidate));
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

function pairs(text: string): string[] {
  const t = text.toLocaleLowerCase();
  const out: string[] = [];
  for (let i = 0; i < t.length - 1; i++) out.push(t.slice(i, i + 2));
  return out;
}

function dice(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const rest = [...b];
  let shared = 0;
  for (const pair of a) {
    const at = rest.indexOf(pair);
    if (at >= 0) {
      shared++;
      rest.splice(at, 1);
    }
  }
  return (2 * shared) / (a.length + b.length);
}
