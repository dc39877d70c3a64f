import { countTokens } from './count-tokens';
import { topLevelOffsets } from './placeholder-tags';

/**
 * Splits an oversized block's placeholder text into parts of at most about `maxTokens`, cutting only
 * at sentence boundaries outside paired placeholders. Concatenating the parts gives the text back.
 * A single sentence longer than the budget stays whole: the budget is soft, a block's meaning is not.
 * @example splitSentences('One. Two. Three.', 'en', 3) // ['One. ', 'Two. ', 'Three.']
 */
export function splitSentences(text: string, language: string, maxTokens: number): string[] {
  const parts: string[] = [];
  let start = 0;
  let end = 0;
  let before = 0;
  let tokens = 0;
  for (const boundary of sentenceBoundaries(text, language)) {
    const sentence = boundary.tokens - before;
    before = boundary.tokens;
    if (end > start && tokens + sentence > maxTokens) {
      parts.push(text.slice(start, end));
      start = end;
      tokens = 0;
    }
    tokens += sentence;
    end = boundary.offset;
  }
  if (end > start) parts.push(text.slice(start, end));
  return parts;
}

/**
 * Where a placeholder text may be cut between sentences (outside paired placeholders), each with
 * the tokens before it; the last is the text's end.
 * @example sentenceBoundaries('One. Two.', 'en') // [{ offset: 5, tokens: 2 }, { offset: 9, tokens: 4 }]
 */
export function sentenceBoundaries(text: string, language: string): { offset: number; tokens: number }[] {
  const safe = topLevelOffsets(text);
  const segmenter = new Intl.Segmenter(safeLocale(language), { granularity: 'sentence' });
  const cuts: number[] = [];
  for (const { index } of segmenter.segment(text)) if (index > 0 && safe.has(index)) cuts.push(index);
  cuts.push(text.length);
  // Sentence counts are summed rather than recounting ever longer slices, which is quadratic on a
  // long block; the sum is within a token or two per cut of the exact count.
  let tokens = 0;
  let from = 0;
  return cuts.map((offset) => {
    tokens += countTokens(text.slice(from, offset));
    from = offset;
    return { offset, tokens };
  });
}

function safeLocale(language: string): string {
  try {
    return Intl.Segmenter.supportedLocalesOf([language])[0] ?? 'en';
  } catch {
    return 'en';
  }
}
