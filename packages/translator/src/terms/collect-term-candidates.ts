import type { Book } from '@booktranslate/ebook';
import { stripPlaceholders } from '../placeholder-tags';

export interface TermCandidate {
  /** As written in the book: "Mara", "Port Arthur". */
  term: string;
  /** Occurrences over the whole book (at a sentence start too). */
  count: number;
  /** Chapter of the first occurrence. */
  firstChapter: string;
  /** A sentence where it occurs, for the model's context (at most 160 characters). */
  context: string;
}

export interface CollectOptions {
  /** Occurrences needed to count as a term (default 2). */
  minCount?: number;
  /** Most candidates kept, most frequent first (default 400). */
  max?: number;
}

// Capitalised words, joined by single spaces into sequences of up to three ("Port Arthur").
const WORD = String.raw`\p{Lu}[\p{Ll}\p{M}'’]+`;
const SEQUENCE = new RegExp(`${WORD}(?: ${WORD}){0,2}`, 'gu');
const FUNCTION_WORDS = new Set(
  'I A An The And But Or If Then When While Where What Who Why How This That These Those He She It We You They His Her Its Our Your Their My Mine Me Him Us Them There Here Yes No Not Oh Ah Mr Mrs Ms Dr Sir Madam Chapter Book Part Volume'.split(
    ' ',
  ),
);

/**
 * Term candidates over the whole book (names, places, invented terms): capitalised word sequences not
 * at the start of a sentence, counted everywhere they occur, kept when they recur and the book does not
 * also use them in lower case more often (an ordinary word capitalised for emphasis). A name first seen
 * in the last chapter is found like any other.
 * @example collectTermCandidates(book).slice(0, 2) // [{ term: 'Mara', count: 41, ... }, ...]
 */
export function collectTermCandidates(book: Book, options: CollectOptions = {}): TermCandidate[] {
  const found = new Map<string, TermCandidate & { inside: number }>();
  const lower = new Map<string, number>();
  for (const chapter of book.chapters) {
    for (const block of chapter.blocks) {
      const text = stripPlaceholders(block.text);
      for (const word of text.match(/\p{Ll}[\p{Ll}'’]+/gu) ?? []) lower.set(word, (lower.get(word) ?? 0) + 1);
      for (const match of text.matchAll(SEQUENCE)) {
        const raw = match[0].split(' ');
        let skipped = 0;
        while (skipped < raw.length && FUNCTION_WORDS.has(raw[skipped] as string)) skipped++;
        // A capital at a sentence start says nothing: "Later Holmes" is Holmes.
        if (skipped < raw.length - 1 && startsSentence(text, offset(match.index ?? 0, raw, skipped)))
          skipped++;
        if (skipped === raw.length) continue;
        // Possessives count as the name: "Holmes’s" and "Holmes’" are Holmes.
        const term = raw
          .slice(skipped)
          .map((w) => w.replace(/['’]s?$/u, ''))
          .join(' ');
        const at = offset(match.index ?? 0, raw, skipped);
        const entry = found.get(term) ?? {
          term,
          count: 0,
          inside: 0,
          firstChapter: chapter.id,
          context: sentenceAround(text, at),
        };
        entry.count++;
        if (!startsSentence(text, at)) entry.inside++;
        found.set(term, entry);
      }
    }
  }
  const minCount = options.minCount ?? 2;
  return [...found.values()]
    .filter((c) => c.count >= minCount && c.inside > 0)
    .filter((c) => c.term.includes(' ') || (lower.get(c.term.toLocaleLowerCase()) ?? 0) < c.count)
    .sort((a, b) => b.count - a.count || a.term.localeCompare(b.term))
    .slice(0, options.max ?? 400)
    .map(({ inside: _inside, ...candidate }) => candidate);
}

/** Where the word `skipped` of a matched sequence starts in the text. */
function offset(start: number, words: string[], skipped: number): number {
  return start + words.slice(0, skipped).join(' ').length + (skipped ? 1 : 0);
}

function startsSentence(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 4), at);
  return at === 0 || /(?:^|[.!?:;"“‘'«—–-]\s*|\n\s*)$/u.test(before) || /^\s*$/.test(text.slice(0, at));
}

function sentenceAround(text: string, at: number): string {
  const start = Math.max(text.lastIndexOf('. ', at) + 2, at - 80, 0);
  const end = text.indexOf('. ', at);
  return text.slice(start, end < 0 ? Math.min(text.length, at + 80) : Math.min(end + 1, at + 80)).trim();
}
