import { type GlossaryEntry, termsOf } from './brief';

const WORDS = /[\p{L}\p{N}]+/gu;
const FIRST_WORD = /^[\p{L}\p{N}]+/u;
const WORD_CHAR = /^[\p{L}\p{N}]$/u;

/**
 * Glossary entries whose source term, or one of its forms, occurs in the given texts (whole words,
 * case-sensitive), leaving out an entry whose every occurrence is inside a longer entry's ("Van"
 * where the texts only write "Van Galgebrok"): the longer entry already says how to render it.
 */
export function glossaryFor(glossary: GlossaryEntry[] | undefined, texts: string[]): GlossaryEntry[] {
  return glossaryMatcher(glossary)(texts);
}

/**
 * glossaryFor over one glossary for many texts: the entries are ordered (longest term first) and
 * indexed by their first word once, not for every text; a caller asking about each block of a chunk
 * makes one matcher. No pattern is compiled: a whole-word term that starts with a letter or digit
 * starts where one of the text's words does and that word is the term's first, so its occurrences are
 * found at those words' places (a compiled pattern per term cost most of a chunk's start, cold).
 * @example const used = glossaryMatcher(brief.glossary); blocks.map((b) => used([b.text]))
 */
export function glossaryMatcher(glossary: GlossaryEntry[] | undefined): (texts: string[]) => GlossaryEntry[] {
  if (!glossary?.length) return () => [];
  const longestFirst = glossary
    .map((entry, index) => {
      const terms = termsOf(entry).map((text) => ({ text, first: FIRST_WORD.exec(text)?.[0] }));
      return { entry, index, terms, longest: Math.max(...terms.map((t) => t.text.length)) };
    })
    .sort((a, b) => b.longest - a.longest);
  const byFirstWord = new Map<string, number[]>();
  const always: number[] = [];
  longestFirst.forEach(({ terms }, at) => {
    for (const { first } of terms) {
      const list = first ? byFirstWord.get(first) : always;
      if (list) list.push(at);
      else if (first) byFirstWord.set(first, [at]);
    }
  });
  return (texts) => {
    const text = texts.join('\n');
    // Where each word that begins some term stands in the text.
    const places = new Map<string, number[]>();
    for (const match of text.matchAll(WORDS)) {
      if (!byFirstWord.has(match[0])) continue;
      const list = places.get(match[0]);
      if (list) list.push(match.index);
      else places.set(match[0], [match.index]);
    }
    const candidates = new Set(always);
    for (const word of places.keys()) for (const at of byFirstWord.get(word) ?? []) candidates.add(at);
    if (candidates.size === 0) return [];
    // Characters an entry already found covers: a shorter term inside them is that entry's.
    const covered = new Uint8Array(text.length);
    const found: { entry: GlossaryEntry; index: number }[] = [];
    for (const at of [...candidates].sort((a, b) => a - b)) {
      const { entry, index, terms } = longestFirst[at] as (typeof longestFirst)[number];
      let used = false;
      for (const term of terms) {
        if (!term.text) continue;
        const starts = term.first ? (places.get(term.first) ?? []) : indexesOf(text, term.text);
        for (const start of starts) {
          const end = start + term.text.length;
          if (!text.startsWith(term.text, start) || isCovered(covered, start, end)) continue;
          if (isWordChar(text, covered, codePointBefore(text, start)) || isWordChar(text, covered, end))
            continue;
          covered.fill(1, start, end);
          used = true;
        }
      }
      if (used) found.push({ entry, index });
    }
    // In the glossary's own order.
    return found.sort((a, b) => a.index - b.index).map((f) => f.entry);
  };
}

function indexesOf(text: string, term: string): number[] {
  const at: number[] = [];
  for (let i = text.indexOf(term); i >= 0; i = text.indexOf(term, i + 1)) at.push(i);
  return at;
}

function isCovered(covered: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (covered[i]) return true;
  return false;
}

/** The index of the code point that ends just before `at` (-1 at the start). */
function codePointBefore(text: string, at: number): number {
  if (at <= 0) return -1;
  const low = text.charCodeAt(at - 1);
  const high = at >= 2 ? text.charCodeAt(at - 2) : 0;
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? at - 2 : at - 1;
}

/** Whether a letter or digit starts at `at`, a covered character counting as none (it is blanked). */
function isWordChar(text: string, covered: Uint8Array, at: number): boolean {
  if (at < 0 || at >= text.length || covered[at]) return false;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(at) as number));
}
