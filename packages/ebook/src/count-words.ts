import { plainText } from './placeholders';

// One segmenter for the process: construction costs far more than a segment() call.
let segmenter: Intl.Segmenter | undefined;

// Scripts written without spaces (CJK, Thai, Lao, Khmer, Myanmar) need the dictionary segmenter.
const NEEDS_DICTIONARY =
  /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/;
const WORD_RUN = /[\p{L}\p{N}\p{M}]+(?:['’\-.][\p{L}\p{N}\p{M}]+)*/gu;

/**
 * Counts words in placeholder text (placeholders are not words). Space-delimited scripts use a fast
 * scan; CJK and South-East Asian scripts use Intl.Segmenter's word-like segments.
 * @example countWords('<g1>Hello</g1>, world') // 2
 */
export function countWords(text: string): number {
  const plain = plainText(text);
  if (!NEEDS_DICTIONARY.test(plain)) return plain.match(WORD_RUN)?.length ?? 0;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let count = 0;
  for (const segment of segmenter.segment(plain)) if (segment.isWordLike) count++;
  return count;
}
