import { describe, expect, it } from 'vitest';
import type { BookBrief } from './brief';
import { buildPrompt } from './build-prompt';
import { entry } from './testing/glossary-entry';

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
