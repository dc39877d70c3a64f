import { reverseWords } from './reverse-words';

export interface FakeGlossaryEntry {
  source: string;
  target: string;
  kind: 'character' | 'place' | 'term';
  gender?: 'male' | 'female';
  note?: string;
}

export interface FakeBrief {
  genre: string;
  register: string;
  narrator: string;
  summary: string;
  glossary: FakeGlossaryEntry[];
}

const PLACE_WORDS = new Set(['in', 'at', 'from', 'to', 'into', 'near', 'towards', 'of']);
const STOP = new Set([
  'The',
  'A',
  'An',
  'And',
  'But',
  'I',
  'It',
  'He',
  'She',
  'They',
  'We',
  'You',
  'Chapter',
]);

/**
 * A plausible analysis reply for the `SAMPLE:` request: capitalised words that are not at the start of
 * a sentence become glossary entries (a place when a preposition precedes them, else a character),
 * with the reversed word as the agreed rendering.
 * @example analyzeSample('Ann met Bob in Paris. Bob smiled.').glossary[0] // { source: 'Bob', target: 'boB', ... }
 */
export function analyzeSample(sample: string, maxEntries = 20): FakeBrief {
  const counts = new Map<string, { n: number; place: boolean }>();
  const words = sample.match(/[\p{L}\p{N}]+|[.!?]/gu) ?? [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    const previous = words[i - 1]!;
    if (!/^\p{Lu}\p{Ll}+$/u.test(word) || /[.!?]/.test(previous) || STOP.has(word)) continue;
    const entry = counts.get(word) ?? { n: 0, place: false };
    entry.n++;
    entry.place ||= PLACE_WORDS.has(previous.toLowerCase());
    counts.set(word, entry);
  }
  const glossary = [...counts]
    .sort((a, b) => b[1].n - a[1].n || a[0].localeCompare(b[0]))
    .slice(0, maxEntries)
    .map(([source, { place }], index): FakeGlossaryEntry => {
      const target = reverseWords(source);
      if (place) return { source, target, kind: 'place' };
      return { source, target, kind: 'character', gender: index % 2 === 0 ? 'female' : 'male' };
    });
  const firstSentence = sample.trim().split(/(?<=[.!?])\s/u)[0] ?? '';
  return {
    genre: 'fiction',
    register: 'neutral literary',
    narrator: 'third person, past tense',
    summary: reverseWords(firstSentence.slice(0, 200)),
    glossary,
  };
}
