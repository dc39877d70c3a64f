import { describe, expect, it } from 'vitest';
import { apertiumHasPair } from './apertium-engine';

describe('apertiumHasPair', () => {
  const pairs: [string, string][] = [
    ['eng', 'spa'],
    ['nob', 'nno'],
    ['por', 'cat'],
  ];

  it('matches BCP 47 codes with the ISO 639-3 names Apertium lists, in one direction', () => {
    expect(apertiumHasPair(pairs, 'en-GB', 'es')).toBe(true);
    expect(apertiumHasPair(pairs, 'es', 'en')).toBe(false);
    expect(apertiumHasPair(pairs, 'nb', 'nn')).toBe(true);
    expect(apertiumHasPair(pairs, 'pt-br', 'ca')).toBe(true);
    expect(apertiumHasPair(pairs, 'en', 'ja')).toBe(false);
  });
});
