import { describe, expect, it } from 'vitest';
import type { GlossaryEntry } from './brief';
import { termsOf } from './brief';
import { containsTerm } from './build-prompt';
import { glossaryFor, glossaryMatcher } from './glossary-matcher';
import { entry } from './testing/glossary-entry';

describe('glossaryFor', () => {
  const glossary = [
    entry('Van', 'Van'),
    entry('Van Galgebrok', 'Van Galgebrok'),
    entry('Wood', 'Wood'),
    entry('Thames', 'Támesis', { kind: 'place' }),
  ];

  it('gives only the entries the texts use', () => {
    expect(glossaryFor(glossary, ['Mr. Wood sat down.']).map((e) => e.source)).toEqual(['Wood']);
    expect(glossaryFor(glossary, ['Nobody came.'])).toEqual([]);
    // An empty form is nobody's mention (and no endless search).
    expect(glossaryFor([entry('Ann', 'Ana', { forms: [''] })], ['Yes, sir.'])).toEqual([]);
  });

  it('leaves out an entry used only inside a longer one, and keeps it where it also stands alone', () => {
    const inside = glossaryFor(glossary, ['Van Galgebrok laughed.', 'Wood nodded.']);
    expect(inside.map((e) => e.source)).toEqual(['Van Galgebrok', 'Wood']);
    const alone = glossaryFor(glossary, ['Van Galgebrok laughed.', 'Old Van nodded.']);
    expect(alone.map((e) => e.source)).toEqual(['Van', 'Van Galgebrok']);
  });

  it("finds the same entries by the texts' words as by searching every term, for any kind of term", () => {
    const terms = [
      ['Van', []],
      ['Van Galgebrok', []],
      ['Jack Sheppard', ["Jack Sheppard's"]],
      ['Jack', ['Jacky']],
      ["'Bob", []],
      ['Mr. Wood', []],
      ['42nd Street', []],
      ['हिन्दी', []],
      ['Öl', ['Öle']],
      ['…Rex', []],
      ['Wood', []],
      ['𠀀Wang', []],
      ["'s", []],
    ] as const;
    const glossary = terms.map(([source, forms]) =>
      entry(source, source.toUpperCase(), { forms: [...forms] }),
    );
    const pieces = [
      'Van Galgebrok',
      'Van',
      "Jack Sheppard's",
      'Jacky',
      "'Bob",
      'Bob',
      'Mr. Wood',
      'Woods',
      '42nd Street',
      'हिन्दी',
      'हिन्दीभाषी',
      'Öle',
      'Öl',
      '…Rex',
      'Rex',
      'xVan',
      '𠀀Wang',
      '𠀁𠀀Wang',
      '𠀀Wang𠀁',
      "Bob's",
      "'s",
      'the',
      ',',
    ];
    let seed = 11;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const match = glossaryMatcher(glossary);
    for (let round = 0; round < 1000; round++) {
      const text = Array.from({ length: 1 + (next() % 6) }, () => pieces[next() % pieces.length]).join(
        next() % 3 ? ' ' : '',
      );
      expect(
        match([text]).map((e) => e.source),
        text,
      ).toEqual(searchEveryTerm(glossary, text));
    }
  });
});

/** glossaryFor as first written: every entry, longest term first, searched in the whole text. */
function searchEveryTerm(glossary: GlossaryEntry[], original: string): string[] {
  let text = original;
  const longest = (e: GlossaryEntry) => Math.max(...termsOf(e).map((t) => t.length));
  const found = new Set<GlossaryEntry>();
  for (const e of [...glossary].sort((a, b) => longest(b) - longest(a))) {
    if (!termsOf(e).some((term) => containsTerm(text, term))) continue;
    found.add(e);
    for (const term of termsOf(e)) {
      const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const whole = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu');
      text = text.replace(whole, (m) => '\u0000'.repeat(m.length));
    }
  }
  return glossary.filter((e) => found.has(e)).map((e) => e.source);
}
