import { sentenceAround } from './sentence-start';

/** One capitalised sequence found in the text, its stop words already dropped. */
export interface TermOccurrence {
  words: string[];
  /** Where each word starts in `text`. */
  offsets: number[];
  atStart: boolean;
  /** Right after a German article or determiner ("der Mann"): a common noun. */
  afterDeterminer: boolean;
  chapterId: string;
  text: string;
}

export interface TermGroup {
  /** The nominative as the book writes it when it does, else the most used form. */
  term: string;
  /** Every form written, with its uses, most used first (the term among them). */
  forms: Map<string, number>;
  count: number;
  /** Uses not at a sentence start. */
  inside: number;
  afterDeterminer: number;
  firstChapter: string;
  context: string;
}

/**
 * Counts the occurrences by lemma (each word through `lemmas`, lower case), so "Атос", "Атоса" and
 * "Атосом" are one group. A capital at a sentence start says nothing: "Later Holmes" is Holmes,
 * unless the book also writes the whole sequence inside a sentence ("New York"). A sequence used
 * fewer than `minCount` times counts as its words ("Goethes Briefe" is Goethe).
 * @example groupTerms(occurrences, lemmasOf(words, 'ru'), 2)
 */
export function groupTerms(
  occurrences: TermOccurrence[],
  lemmas: Map<string, string>,
  minCount: number,
): TermGroup[] {
  const known = new Map<string, string>();
  const lemmaOf = (words: string[]) => {
    const surface = words.join(' ');
    let lemma = known.get(surface);
    if (lemma === undefined) {
      lemma = words.map((w) => lemmas.get(w.toLocaleLowerCase()) ?? w.toLocaleLowerCase()).join(' ');
      known.set(surface, lemma);
    }
    return lemma;
  };
  const inside = new Set(occurrences.filter((o) => !o.atStart).map((o) => lemmaOf(o.words)));
  const trimmed = occurrences.map((o) =>
    o.atStart && o.words.length > 1 && !inside.has(lemmaOf(o.words))
      ? { ...o, words: o.words.slice(1), offsets: o.offsets.slice(1), atStart: false, afterDeterminer: false }
      : o,
  );
  const uses = new Map<string, number>();
  for (const o of trimmed) uses.set(lemmaOf(o.words), (uses.get(lemmaOf(o.words)) ?? 0) + 1);
  const groups = new Map<string, TermGroup & { lemma: string }>();
  for (const o of trimmed.flatMap((o) => ((uses.get(lemmaOf(o.words)) ?? 0) < minCount ? wordsOf(o) : [o]))) {
    const { words, atStart } = o;
    const at = o.offsets[0] ?? 0;
    const lemma = lemmaOf(words);
    const surface = words.join(' ');
    let group = groups.get(lemma);
    if (!group) {
      group = {
        lemma,
        term: surface,
        forms: new Map(),
        count: 0,
        inside: 0,
        afterDeterminer: 0,
        firstChapter: o.chapterId,
        context: sentenceAround(o.text, at),
      };
      groups.set(lemma, group);
    }
    group.forms.set(surface, (group.forms.get(surface) ?? 0) + 1);
    group.count++;
    if (!atStart) group.inside++;
    if (o.afterDeterminer) group.afterDeterminer++;
  }
  return [...groups.values()].map(({ lemma, ...group }) => {
    const forms = new Map([...group.forms].sort((a, b) => b[1] - a[1]));
    const nominative = [...forms.keys()].find((form) => form.toLocaleLowerCase() === lemma);
    return { ...group, forms, term: nominative ?? ([...forms.keys()][0] as string) };
  });
}

/** A sequence's words as occurrences of their own: only the first may start a sentence. */
function wordsOf(o: TermOccurrence): TermOccurrence[] {
  if (o.words.length === 1) return [o];
  return o.words.map((word, i) => ({
    ...o,
    words: [word],
    offsets: [o.offsets[i] as number],
    atStart: i === 0 && o.atStart,
    afterDeterminer: i === 0 && o.afterDeterminer,
  }));
}
