import { describe, expect, it } from 'vitest';
import type { BookBrief, GlossaryEntry } from './brief';
import { termsOf } from './brief';
import { buildPrompt, containsTerm, glossaryFor, glossaryMatcher } from './build-prompt';

const entry = (source: string, target: string, more: Partial<GlossaryEntry> = {}): GlossaryEntry => ({
  source,
  target,
  kind: 'character',
  ...more,
});

describe('buildPrompt', () => {
  it('states every rule the reply checks hold a reply to, and the brief in one line', () => {
    const brief: BookBrief = {
      genre: 'novel',
      register: 'literary',
      narrator: 'third person',
      summary: 'A carpenter raises a thief. He escapes from Newgate four times and is hanged.',
      glossary: [],
    };
    const { system, user } = buildPrompt({ blocks: { '1': 'Hello.' }, from: 'en', to: 'es', brief });
    expect(system).toContain('from English into Spanish');
    expect(system).toMatch(/exactly the keys of the JSON after BLOCKS:/);
    expect(system).toMatch(/never merge, split, reorder, summarize or skip blocks/);
    expect(system).not.toContain('<g1>');
    expect(system).not.toContain('glossary');
    expect(system).not.toContain('context');
    expect(system).toContain('No notes.');
    expect(system).toContain('Book: genre: novel; register: literary; narrator: third person.');
    // The summary is the brief editor's, not every request's.
    expect(system).not.toContain('About');
    expect(system).not.toContain('carpenter');
    expect(user).toBe('BLOCKS:\n{"1":"Hello."}');
  });

  it('states the rules for tags, glossary and context only to a chunk that has them', () => {
    const { system } = buildPrompt({
      blocks: { '1': 'Ask <g1>Winifred</g1>.', '2': 'Fine.' },
      from: 'en',
      to: 'es',
      glossary: [entry('Winifred', 'Winifreda')],
      previous: { source: 'She left.' },
    });
    expect(system).toContain('Keep tags like <g1>…</g1> and <x2/> exactly, around the words they mark.');
    expect(system).toContain('Use the glossary. Do not translate context. No notes.');
    const following = buildPrompt({
      blocks: { '1': 'Fine.' },
      from: 'en',
      to: 'es',
      following: { source: 'Then.' },
    });
    expect(following.system).toContain('\nDo not translate context. No notes.');
    expect(following.system).not.toContain('<g1>');
  });

  it('lists an entry with its gender and note, not its kind', () => {
    const glossary = [entry('Winifred', 'Winifreda', { gender: 'female', note: 'the daughter' })];
    const { user } = buildPrompt({ blocks: { '1': 'Winifred smiled.' }, from: 'en', to: 'es', glossary });
    expect(user).toContain('Winifred = Winifreda (female, the daughter)');
  });
});

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
      'the',
      ',',
    ];
    let seed = 11;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const match = glossaryMatcher(glossary);
    for (let round = 0; round < 400; round++) {
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
