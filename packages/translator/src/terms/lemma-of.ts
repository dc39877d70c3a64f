import { baseLanguage } from './stop-words';

/**
 * For each language that declines names: a nominative ending and the endings of its other case forms
 * (Атос: Атоса, Атосу, Атосом, Атосе; Marek: Marka, Markowi). Bounded tables, no dictionary:
 * enough to put a name's case forms under one entry (decision 232).
 */
const PARADIGMS: Record<string, Array<[string, string[]]>> = {
  ru: [
    ['', ['а', 'у', 'ом', 'ем', 'ым', 'е']],
    ['й', ['я', 'ю', 'ем', 'ём', 'е']],
    ['ь', ['я', 'ю', 'ем', 'ём', 'е', 'и', 'ью']],
    ['а', ['ы', 'и', 'е', 'у', 'ой', 'ою']],
    ['я', ['и', 'е', 'ю', 'ей', 'ею']],
    ['ия', ['ии', 'ию', 'ией', 'иею']],
    ['ий', ['ия', 'ию', 'ием', 'ии', 'ого', 'ому', 'им', 'ом']],
    ['ый', ['ого', 'ому', 'ым', 'ом']],
    ['ой', ['ого', 'ому', 'ым', 'ом']],
    ['ая', ['ой', 'ую', 'ою']],
    ['яя', ['ей', 'юю']],
    ['ек', ['ка', 'ку', 'ком', 'ке']],
    ['ец', ['ца', 'цу', 'цом', 'це']],
    ['о', ['а', 'у', 'ом', 'е']],
    ['и', ['ах', 'ами', 'ов', 'ам', 'ей']],
    ['ы', ['ах', 'ами', 'ов', 'ам']],
    ['ие', ['их', 'им', 'ими']],
    ['ые', ['ых', 'ым', 'ыми']],
  ],
  uk: [
    ['', ['а', 'у', 'ові', 'ом', 'і', 'е']],
    ['й', ['я', 'ю', 'єві', 'єм', 'ї']],
    ['ь', ['я', 'ю', 'еві', 'ем', 'і']],
    ['а', ['и', 'і', 'у', 'ою', 'о', 'ої', 'ій']],
    ['я', ['і', 'ї', 'ю', 'ею', 'єю', 'е', 'є']],
    ['ий', ['ого', 'ому', 'им', 'ім']],
    ['ій', ['ія', 'ію', 'ієм', 'ієві', 'ії', 'ього', 'ьому', 'ім']],
    ['ів', ['ова', 'ову', 'овом', 'ові']],
    ['їв', ['єва', 'єву', 'євом', 'єві']],
    ['о', ['а', 'у', 'ові', 'ом', 'і']],
    ['и', ['ах', 'ами', 'ів', 'ам']],
    ['і', ['их', 'им', 'ими']],
  ],
  pl: [
    ['', ['a', 'u', 'owi', 'em', 'ie']],
    ['a', ['y', 'i', 'ie', 'ę', 'ą', 'o', 'ej']],
    ['ia', ['ii', 'ię', 'ią', 'io']],
    ['i', ['iego', 'iemu', 'im']],
    ['y', ['ego', 'emu', 'ym']],
    ['ek', ['ka', 'kowi', 'kiem', 'ku']],
    ['ów', ['owa', 'owie', 'owem', 'owi']],
    ['o', ['a', 'u', 'owi', 'em', 'ie']],
  ],
  de: [['', ['s', 'es', 'ns']]],
};

// Russian and Ukrainian never write a soft sign after a vowel, nor й after a consonant.
const EAST_SLAVIC = (lemma: string) => !/[аеёиоуыэюяіїє]ь$|[^аеёиоуыэюяіїє]й$/u.test(lemma);
const VALID_LEMMA: Record<string, ((lemma: string) => boolean) | undefined> = {
  ru: EAST_SLAVIC,
  uk: EAST_SLAVIC,
};

/** Whether the language's names take case endings this module knows. */
export function declinesNames(language: string | undefined): boolean {
  return Boolean(language && PARADIGMS[baseLanguage(language)]);
}

/**
 * Groups the words of a book by lemma: each word (lower case) maps to the nominative the most words
 * agree on. A word's possible nominatives come from the paradigms; the one shared by more of the
 * book's words wins, and a nominative the book itself uses counts one more.
 * @example lemmasOf(['атос', 'атоса', 'атосом'], 'ru').get('атосом') // 'атос'
 */
export function lemmasOf(words: Iterable<string>, language: string | undefined): Map<string, string> {
  const paradigms = language ? PARADIGMS[baseLanguage(language)] : undefined;
  const known = new Set(words);
  const lemmas = new Map<string, string>();
  if (!paradigms) {
    for (const word of known) lemmas.set(word, word);
    return lemmas;
  }
  const possible = new Map<string, string[]>();
  const support = new Map<string, number>();
  // The earliest paradigm that yields a lemma, over all words, so every word breaks ties alike.
  const order = new Map<string, number>();
  const valid = VALID_LEMMA[baseLanguage(language ?? '')];
  for (const word of known) {
    const lemmas = [...nominativesOf(word, paradigms)].filter(([l]) => l === word || !valid || valid(l));
    possible.set(
      word,
      lemmas.map(([l]) => l),
    );
    for (const [lemma, at] of lemmas) {
      support.set(lemma, (support.get(lemma) ?? 0) + 1);
      order.set(lemma, Math.min(order.get(lemma) ?? at, at));
    }
  }
  for (const [word, candidates] of possible) {
    let best = word;
    let bestScore: [number, number, number] = [-1, -1, -1];
    for (const lemma of candidates) {
      const forms = support.get(lemma) ?? 0;
      const score: [number, number, number] = [
        forms + (known.has(lemma) ? 1 : 0),
        forms,
        -(order.get(lemma) ?? 0),
      ];
      if (greater(score, bestScore)) {
        best = lemma;
        bestScore = score;
      }
    }
    lemmas.set(word, best);
  }
  return lemmas;
}

/** The nominatives a word may be a case form of, each with the index of its paradigm. */
function nominativesOf(word: string, paradigms: Array<[string, string[]]>): Map<string, number> {
  const found = new Map<string, number>([[word, 0]]);
  paradigms.forEach(([nominative, others], order) => {
    for (const ending of others) {
      if (!word.endsWith(ending)) continue;
      const stem = word.slice(0, word.length - ending.length);
      if ([...stem].length < 2) continue;
      const lemma = stem + nominative;
      if (!found.has(lemma)) found.set(lemma, order);
    }
  });
  return found;
}

function greater(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++)
    if ((a[i] as number) !== (b[i] as number)) return (a[i] as number) > (b[i] as number);
  return false;
}
