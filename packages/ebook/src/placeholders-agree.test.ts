import * as contract from '@booktranslate/contract/placeholder-grammar';
import { describe, expect, it } from 'vitest';
import * as ebook from './placeholders';

// ebook imports no workspace package, so it keeps its own copy of the contract's placeholder grammar
// (packages/contract/src/placeholder-grammar.ts); on these texts the two read and check alike.
const texts = [
  '',
  'plain prose, 1 < 2 > 0',
  'a <g1>b</g1><x2/> c',
  '<g1>a <g2>b</g2></g1> c<x3/>',
  '<x3/>C <g1><g2>B</g2> A</g1>',
  '<g1>a</g1> <g1>b</g1>',
  '<g1>a <g2>b</g1></g2>',
  '<g1>a',
  'a</g1>',
  '<g1/> </x1> <x1> <g01>a</g01> <g1234567>',
  '<g9>x</g9><x8/><x10/>',
];

describe('ebook placeholders and the contract’s grammar', () => {
  it.each(texts)('tokenize and sign %j alike', (text) => {
    expect(ebook.parsePlaceholders(text)).toEqual(contract.parsePlaceholders(text));
    expect(ebook.placeholderSignature(text)).toBe(contract.placeholderSignature(text));
  });

  it('check every pair alike', () => {
    for (const source of texts)
      for (const target of texts)
        expect(ebook.checkPlaceholders(source, target)).toEqual(contract.checkPlaceholders(source, target));
  });
});
