import { describe, expect, it } from 'vitest';
import { reverseWords } from './reverse-words';

describe('reverseWords', () => {
  it.each([
    ['Hello, world!', 'olleH, dlrow!'],
    ['<g1>Hello</g1> big<x2/> world', '<g1>olleH</g1> gib<x2/> dlrow'],
    ['<g12>a<g3>bc</g3></g12>', '<g12>a<g3>cb</g3></g12>'],
    ["don't stop-me now", "nod't pots-em won"],
    ['abc123 4567', '321cba 7654'],
    ['Привет, мир!', 'тевирП, рим!'],
    ['你好世界。再见', '界世好你。见再'],
    ['مرحبا بالعالم', 'ابحرم ملاعلاب'],
    ['Ελληνικά 𠀀𠀁x', 'άκινηλλΕ x𠀁𠀀'],
    ['a 😀 b\n\tc', 'a 😀 b\n\tc'],
    ['x < y and <g1/> or </x2>', 'x < y dna <1g/> ro </2x>'],
  ])('%j -> %j', (source, expected) => {
    expect(reverseWords(source)).toBe(expected);
  });

  it('is its own inverse on mixed text', () => {
    const text = '«<g1>Ёлка</g1>», said O’Brien<x3/> — 東京 in 2024; नमस्ते दुनिया.';
    expect(reverseWords(text)).not.toBe(text);
    expect(reverseWords(reverseWords(text))).toBe(text);
  });
});
