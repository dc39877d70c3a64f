import type { PdfLine } from './pdf-line';

/** Words of the document, to tell a hyphenated line end from a real hyphen. */
export interface WordSets {
  /** Lower-case words written whole somewhere in the book. */
  whole: Set<string>;
  /** Lower-case compounds written with a hyphen inside a line ("well-known"). */
  hyphenated: Set<string>;
}

const WORD = /[\p{L}\p{M}]+(?:-[\p{L}\p{M}]+)*/gu;
/** A line ending in a hyphen (or a soft hyphen) right after a letter. */
export const LINE_END_HYPHEN = /\p{L}[-\u00ad\u2010]$/u;
const MAX_WORDS = 500_000;

/**
 * The words the book writes inside its lines, the word broken at each line-end hyphen left out.
 * @example collectWords([[line('a well-known trans-'), line('lation')]]).hyphenated // Set { 'well-known' }
 */
export function collectWords(pages: PdfLine[][]): WordSets {
  const sets: WordSets = { whole: new Set(), hyphenated: new Set() };
  let brokenBefore = false;
  for (const lines of pages) {
    for (const line of lines) {
      const words = line.text.match(WORD) ?? [];
      const brokenAfter = LINE_END_HYPHEN.test(line.text);
      const from = brokenBefore ? 1 : 0;
      const to = brokenAfter ? words.length - 1 : words.length;
      for (let i = from; i < to && sets.whole.size + sets.hyphenated.size < MAX_WORDS; i++) {
        const word = (words[i] as string).toLowerCase();
        (word.includes('-') ? sets.hyphenated : sets.whole).add(word);
      }
      brokenBefore = brokenAfter;
    }
  }
  return sets;
}

/**
 * Whether a line ending in a hyphen joins the next line's first word without it ("trans-" +
 * "lation" → "translation") or keeps it ("well-" + "known"). The hyphen stays when the next word
 * starts with a capital ("Anglo-" + "Saxon"), when the broken word already holds a hyphen
 * ("mother-in-" + "law"), when the book writes the compound with a hyphen elsewhere, or when both
 * halves are words of the book and the joined word is not. Otherwise a line-end hyphen is the
 * typesetter's, and goes. A soft hyphen always goes.
 * @example joinsWithoutHyphen('a trans-', 'lation of', words) // true
 */
export function joinsWithoutHyphen(before: string, after: string, words: WordSets): boolean {
  if (before.endsWith('\u00ad')) return true;
  const tail = after.match(/^[\p{L}\p{M}]+/u)?.[0];
  if (!tail || tail.charAt(0) !== tail.charAt(0).toLowerCase()) return false;
  const broken = before.slice(0, -1).match(/[\p{L}\p{M}-]+$/u)?.[0] ?? '';
  if (broken.includes('-') || broken === '') return false;
  const head = broken.toLowerCase();
  const rest = tail.toLowerCase();
  if (words.hyphenated.has(`${head}-${rest}`)) return false;
  if (words.whole.has(head + rest)) return true;
  return !(words.whole.has(head) && words.whole.has(rest));
}
