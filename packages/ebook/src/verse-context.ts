import type { XmlElement } from './xml-dom';

const POEM_TYPES = /\b(z3998:poem|z3998:verse|z3998:song|z3998:hymn)\b/;
// Whole class names only: "poem-title" or "col-lg-6" say nothing about verse.
const POEM_CLASSES = /(?:^|\s)(?:poem|verse|poetry)(?:\s|$)/i;
const STANZA_CLASSES = /(?:^|\s)(?:stanza|linegroup|line-group)(?:\s|$)/i;

/** Where a verse line sits: its poem (`group`) and stanza, numbered in document order. */
export interface VersePlace {
  group?: number;
  stanza?: number;
}

/**
 * The verse place an element opens, or null when it opens none: a poem (by semantics, DTBook
 * `<poem>` or a class such as "poem") starts a group; a stanza (DTBook `<linegroup>`, a class such as
 * "stanza" or "linegroup") starts a stanza, inside a poem or on its own.
 * @example versePlace(div /* class="linegroup" *\/, 'div', {}, counter) // { stanza: 3 }
 */
export function versePlace(
  el: XmlElement,
  name: string,
  inVerse: VersePlace | undefined,
  next: () => number,
): VersePlace | null {
  const types = el.attrs['epub:type'] ?? '';
  const classes = el.attrs.class ?? '';
  if (POEM_TYPES.test(types) || name === 'poem') return { group: next() };
  // A "verse" block inside a poem is one of its stanzas, not a poem of its own.
  const poemClass = POEM_CLASSES.test(classes);
  if (poemClass && inVerse?.group === undefined) return { group: next() };
  if (poemClass || name === 'linegroup' || STANZA_CLASSES.test(classes))
    return { ...inVerse, stanza: next() };
  return null;
}
