import { describe, expect, it } from 'vitest';
import { cutLongText } from './cut-long-text';

describe('cutLongText', () => {
  it('keeps text within the bound whole', () => {
    expect(cutLongText('One. Two.', 20)).toEqual(['One. Two.']);
  });

  it('cuts after a sentence, else at a space, else at the bound', () => {
    expect(cutLongText('Aaaa bbbb cccc. Dddd eeee ffff gggg.', 20)).toEqual([
      'Aaaa bbbb cccc.',
      'Dddd eeee ffff gggg.',
    ]);
    expect(cutLongText('alpha beta gamma delta epsilon', 12)).toEqual([
      'alpha beta',
      'gamma delta',
      'epsilon',
    ]);
    expect(cutLongText('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });

  it('cuts CJK text at its full stops and never inside a surrogate pair', () => {
    expect(cutLongText('一二三四五。六七八九十。', 8)).toEqual(['一二三四五。', '六七八九十。']);
    const emoji = '😀'.repeat(6); // 12 UTF-16 units
    for (const piece of cutLongText(emoji, 5)) expect(piece).toMatch(/^(?:😀)+$/u);
  });
});
