import { countTokens } from './count-tokens';
import { topLevelOffsets } from './placeholder-tags';

/**
 * Splits an oversized block's placeholder text into parts of at most about `maxTokens`, cutting only
 * at sentence boundaries outside paired placeholders. Concatenating the parts gives the text back.
 * A single sentence longer than the budget stays whole: the budget is soft, a block's meaning is not.
 * @example splitSentences('One. Two. Three.', 'en', 3) // ['One. ', 'Two. ', 'Three.']
 */
export function splitSentences(text: string, language: string, maxTokens: number): string[] {
  const safe = topLevelOffsets(text);
  const segmenter = new Intl.Segmenter(safeLocale(language), { granularity: 'sentence' });
  const cuts: number[] = [];
  for (const { index } of segmenter.segment(text)) if (index > 0 && safe.has(index)) cuts.push(index);
  cuts.push(text.length);

  // Sentence counts are summed rather than recounting ever longer slices, which is quadratic on a
  // long block; the sum is within a token or two per cut of the exact count.
  const parts: string[] = [];
  let start = 0;
  let end = 0;
  let tokens = 0;
  for (const cut of cuts) {
    const sentence = countTokens(text.slice(end, cut));
    if (end > start && tokens + sentence > maxTokens) {
      parts.push(text.slice(start, end));
      start = end;
      tokens = 0;
    }
    tokens += sentence;
    end = cut;
  }
  if (end > start) parts.push(text.slice(start, end));
  return parts;
}

function safeLocale(language: string): string {
  try {
    return Intl.Segmenter.supportedLocalesOf([language])[0] ?? 'en';
  } catch {
    return 'en';
  }
}
