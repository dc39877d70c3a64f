import { stripPlaceholders } from '../placeholder-tags';

/** Words shorter than this are not judged: short words are shared by many languages ("no", "me"). */
const MIN_LETTERS = 5;
/** The most words one block's finding names. */
const MAX_WORDS = 5;

/**
 * Words of the source found again, as they were, in a block's translation and read as the source
 * language by `isSourceWord`: names (capitalised), numbers, glossary terms and short words aside.
 * At most five per block.
 * @example leftSourceWords('She peeped in.', 'Ella peeped dentro.', () => true) // ['peeped']
 */
export function leftSourceWords(
  source: string,
  target: string,
  isSourceWord: (word: string) => boolean,
  keep: ReadonlySet<string> = new Set(),
): string[] {
  const sourceWords = new Set(wordsOf(source).map((w) => w.toLowerCase()));
  const found: string[] = [];
  for (const word of new Set(wordsOf(target))) {
    if (found.length >= MAX_WORDS) break;
    if (word.length < MIN_LETTERS || word !== word.toLowerCase()) continue;
    if (!sourceWords.has(word) || keep.has(word) || !isSourceWord(word)) continue;
    found.push(word);
  }
  return found;
}

/** The lower-case words of the glossary's source terms and renderings: kept as they are on purpose. */
export function glossaryWords(entries: ReadonlyArray<{ source: string; target: string }>): Set<string> {
  return new Set(entries.flatMap((e) => wordsOf(`${e.source} ${e.target}`).map((w) => w.toLowerCase())));
}

function wordsOf(text: string): string[] {
  return stripPlaceholders(text).match(/\p{L}[\p{L}\p{M}'’]*/gu) ?? [];
}
