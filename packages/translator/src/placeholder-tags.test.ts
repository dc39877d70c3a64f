import { parsePlaceholders } from '@booktranslate/contract/placeholder-grammar';
import { describe, expect, it } from 'vitest';
import { readPlaceholders, stripPlaceholders } from './placeholder-tags';

// The translator may not import the contract; its positional reading must still find exactly the
// placeholders the contract's grammar finds.
const texts = [
  'plain prose, 1 < 2',
  'a <g1>b</g1><x2/> c',
  '<g1>a</g1> <g1>b</g1>',
  '<g1>a <g2>b</g1></g2>',
  '<g1/> </x1> <x1> <g01>a</g01> <g1234567>',
];

describe('readPlaceholders', () => {
  it.each(texts)('finds the contract’s placeholders in %j', (text) => {
    const tokens = parsePlaceholders(text);
    expect(readPlaceholders(text).map(({ type, n }) => ({ type, n }))).toEqual(
      tokens.filter((t) => t.type !== 'text'),
    );
    expect(stripPlaceholders(text)).toBe(tokens.map((t) => (t.type === 'text' ? t.value : '')).join(''));
  });
});
