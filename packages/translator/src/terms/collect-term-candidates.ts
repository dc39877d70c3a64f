import type { Book } from '@booktranslate/ebook';
import { stripPlaceholders } from '../placeholder-tags';
import { groupTerms, type TermOccurrence } from './group-terms';
import { lemmasOf } from './lemma-of';
import { startsSentence } from './sentence-start';
import { baseLanguage, GERMAN_DETERMINERS, stopWordsFor } from './stop-words';

export interface TermCandidate {
  /** As written in the book, its nominative when the book uses it: "Mara", "Port Arthur", "Атос". */
  term: string;
  /** The book's other forms of the term, most used first: its case forms ("Атоса", "Атосом"). */
  forms: string[];
  /** Occurrences over the whole book, every form (at a sentence start too). */
  count: number;
  /** Chapter of the first occurrence. */
  firstChapter: string;
  /** A sentence where it occurs, for the model's context (whole words within 60 characters either side of it). */
  context: string;
}

export interface CollectOptions {
  /** Occurrences needed to count as a term (default 2). */
  minCount?: number;
  /** Most candidates kept, most frequent first (default 400). */
  max?: number;
  /** The book's language: its stop words, and case forms grouped for languages that decline names. */
  language?: string;
}

// A capitalised word: "Holmes", "McDonald", "д'Артаньян", "Vasquez-Orlova", "Ростов-на-Дону"; joined
// by single spaces into sequences of up to three ("Port Arthur", "Анна Австрийская", "Lord St. Simon").
const PART = String.raw`\p{Lu}[\p{Ll}\p{M}'’]+(?:\p{Lu}[\p{Ll}\p{M}]+)*`;
const WORD = String.raw`(?:\p{L}['’])?${PART}(?:-(?:\p{Ll}+-)*${PART})*`;
// "Lord St. Simon", "Mt. Everest": the abbreviation belongs to the name.
const SAINT = String.raw`(?:(?:St|Ste|Mt)\.[ \u00a0])?`;
const SEQUENCE = new RegExp(
  String.raw`(?=\p{Lu}|\p{L}['’]\p{Lu})(?<![\p{L}\p{M}\p{N}][-'’]?)${SAINT}${WORD}(?: ${SAINT}${WORD}){0,2}`,
  'gu',
);
const MAX_FORMS = 20;

/**
 * Term candidates over the whole book (names, places, invented terms): capitalised word sequences,
 * counted everywhere they occur and kept when they recur, are used often enough away from a sentence
 * start, are not the language's common words, and the book does not also use them in lower case more
 * often. Case forms of one name are one candidate (decision 232). A name first seen in the last
 * chapter is found like any other.
 * @example collectTermCandidates(book, { language: 'ru' })[0] // { term: 'Атос', forms: ['Атоса'], count: 41, ... }
 */
export function collectTermCandidates(book: Book, options: CollectOptions = {}): TermCandidate[] {
  const stop = stopWordsFor(options.language);
  const german = baseLanguage(options.language ?? '') === 'de';
  const lower = new Map<string, number>();
  const occurrences: TermOccurrence[] = [];
  for (const chapter of book.chapters) {
    for (const block of chapter.blocks) {
      const text = stripPlaceholders(block.text);
      for (const word of text.match(/\p{Ll}[\p{Ll}'’]+/gu) ?? []) lower.set(word, (lower.get(word) ?? 0) + 1);
      for (const match of text.matchAll(SEQUENCE)) {
        const found = significantWords(match[0], match.index ?? 0, stop);
        if (!found) continue;
        const at = found.offsets[0] as number;
        occurrences.push({
          words: found.words,
          offsets: found.offsets,
          atStart: startsSentence(text, at),
          afterDeterminer: german && afterDeterminer(text, at),
          chapterId: chapter.id,
          text,
        });
      }
    }
  }
  const words = new Set(occurrences.flatMap((o) => o.words.map((w) => w.toLocaleLowerCase())));
  const minCount = options.minCount ?? 2;
  const groups = groupTerms(occurrences, lemmasOf(words, options.language), minCount);
  return groups
    .filter((g) => g.count >= minCount && g.inside > 0 && g.inside * 10 >= g.count)
    .filter((g) => g.afterDeterminer * 4 < g.count)
    .filter((g) => g.term.includes(' ') || lowerUses(lower, g.forms) < g.count)
    .sort((a, b) => b.count - a.count || a.term.localeCompare(b.term))
    .slice(0, options.max ?? 400)
    .map((g) => ({
      term: g.term,
      forms: [...g.forms.keys()].filter((form) => form !== g.term).slice(0, MAX_FORMS),
      count: g.count,
      firstChapter: g.firstChapter,
      context: g.context,
    }));
}

/**
 * The words of a matched sequence that may name something, and where they start: possessives
 * stripped ("Holmes’s" is Holmes), stop words, contractions and single letters dropped from either
 * end ("Then Holmes" is Holmes).
 */
function significantWords(
  sequence: string,
  start: number,
  stop: Set<string>,
): { words: string[]; offsets: number[] } | undefined {
  const raw = sequence.split(' ');
  const offsets: number[] = [];
  let at = start;
  for (const w of raw) {
    offsets.push(at);
    at += w.length + 1;
  }
  const words = raw.map((w) => w.replace(/['’]s?$/u, ''));
  const common = (w: string) =>
    stop.has(w.toLocaleLowerCase()) || /['’]\p{Ll}{1,2}$/u.test(w) || (w.match(/\p{L}/gu)?.length ?? 0) < 2;
  let first = 0;
  let last = words.length;
  while (first < last && common(words[first] as string)) first++;
  while (last > first && common(words[last - 1] as string)) last--;
  if (first === last) return undefined;
  return { words: words.slice(first, last), offsets: offsets.slice(first, last) };
}

function afterDeterminer(text: string, at: number): boolean {
  const previous = /(\p{L}+)\s+$/u.exec(text.slice(Math.max(0, at - 20), at))?.[1];
  return GERMAN_DETERMINERS.has(previous?.toLowerCase() ?? '');
}

function lowerUses(lower: Map<string, number>, forms: Map<string, number>): number {
  let uses = 0;
  for (const form of forms.keys()) uses += lower.get(form.toLocaleLowerCase()) ?? 0;
  return uses;
}
