import { describe, expect, it } from 'vitest';
import { checkReply } from './check-reply';

const sent = { '1': 'The <g1>old</g1> man.<x2/>', '2': 'He was happy.' };

describe('checkReply', () => {
  it('accepts a faithful reply', () => {
    const check = checkReply(sent, { '1': 'El <g1>viejo</g1> hombre.<x2/>', '2': 'Estaba feliz.' });
    expect(check.fatal).toBeUndefined();
    expect(check.problems).toEqual([]);
    expect(Object.keys(check.accepted)).toEqual(['1', '2']);
  });

  it('rejects the whole reply when a key is missing or added', () => {
    expect(checkReply(sent, { '1': 'El <g1>viejo</g1> hombre.<x2/> Estaba feliz.' }).fatal).toMatch(
      /missing 2/,
    );
    expect(checkReply(sent, { '1': 'a', '2': 'b', '3': 'c' }).fatal).toMatch(/unexpected 3/);
  });

  it.each([
    ['a lost tag', 'El viejo hombre.<x2/>', /tags/],
    ['unbalanced tags', 'El <g1>viejo hombre.<x2/>', /unbalanced/],
    ['commentary', 'Here is the translation: El <g1>viejo</g1>.<x2/>', /commentary/],
    ['an echoed prompt', 'BLOCKS: <g1>x</g1><x2/>', /echoed/],
    ['an empty block', '  ', /empty/],
  ])('flags %s in one block and keeps the other', (_label, bad, message) => {
    const check = checkReply(sent, { '1': bad, '2': 'Estaba feliz.' });
    expect(check.problems).toEqual([
      expect.objectContaining({ key: '1', message: expect.stringMatching(message) }),
    ]);
    expect(check.accepted).toEqual({ '2': 'Estaba feliz.' });
  });

  it('asks again for an unchanged block, as a soft problem', () => {
    const check = checkReply(sent, { '1': 'The <g1>old</g1> man.<x2/>', '2': 'Estaba feliz.' });
    expect(check.problems).toEqual([{ key: '1', message: 'the block was left untranslated', soft: true }]);
  });

  it('tolerates unchanged blocks with nothing translatable', () => {
    const names = { '1': 'Sherlock Holmes', '2': 'II', '3': 'A.' };
    expect(checkReply(names, { ...names }).problems).toEqual([]);
  });

  it('asks for the agreed glossary rendering, as a soft problem', () => {
    const glossary = [{ source: 'Baker Street', target: 'calle Baker', kind: 'place' as const }];
    const check = checkReply(
      { '1': 'He lived in Baker Street.' },
      { '1': 'Vivía en Baker Street.' },
      glossary,
    );
    expect(check.problems).toEqual([{ key: '1', message: 'use "calle Baker"', soft: true }]);
    expect(
      checkReply({ '1': 'He lived in Baker Street.' }, { '1': 'Vivía en la calle Baker.' }, glossary)
        .problems,
    ).toEqual([]);
  });
});

describe('checkReply and ordinary prose', () => {
  it('does not mistake an English sentence starting with "Certainly" or "I can\'t" for commentary', () => {
    const sent = { '1': 'Bien sûr, monsieur.', '2': 'Je ne peux pas venir.' };
    const check = checkReply(sent, { '1': 'Certainly, sir.', '2': "I can't come." });
    expect(check.problems).toEqual([]);
  });
});
