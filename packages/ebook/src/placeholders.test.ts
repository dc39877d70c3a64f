import { describe, expect, it } from 'vitest';
import { BlockBuilder } from './build-block';
import { countWords } from './count-words';
import { checkPlaceholders, parsePlaceholders, placeholderSignature, plainText } from './placeholders';

describe('placeholders', () => {
  it('tokenizes paired and standalone placeholders and leaves other angle brackets as prose', () => {
    expect(parsePlaceholders('a <g1>b</g1><x2/> 1 < 2 <g3/>')).toEqual([
      { type: 'text', value: 'a ' },
      { type: 'open', n: 1 },
      { type: 'text', value: 'b' },
      { type: 'close', n: 1 },
      { type: 'empty', n: 2 },
      { type: 'text', value: ' 1 < 2 <g3/>' },
    ]);
  });

  it('gives plain text and an order-independent signature', () => {
    expect(plainText('<g1>Hello</g1> <g2>big</g2> world<x3/>')).toBe('Hello big world');
    expect(placeholderSignature('<x10/> <g2>a</g2> <g1>b</g1>')).toBe('g1 g2 x10');
  });

  it('accepts reordered placeholders and rejects missing, doubled, unbalanced or crossed ones', () => {
    const source = '<g1>a <g2>b</g2></g1> c<x3/>';
    expect(checkPlaceholders(source, '<x3/>C <g1><g2>B</g2> A</g1>')).toEqual({ ok: true });
    expect(checkPlaceholders(source, '<g1>a b</g1> c<x3/>').ok).toBe(false);
    expect(checkPlaceholders(source, '<g1>a <g2>b</g2></g1> c<x3/><x3/>').ok).toBe(false);
    expect(checkPlaceholders(source, '<g1>a <g2>b</g1></g2> c<x3/>').ok).toBe(false);
    expect(checkPlaceholders(source, '<g1>a <g2>b</g2> c<x3/>').ok).toBe(false);
  });
});

describe('countWords', () => {
  it('counts words in Latin, Cyrillic and CJK text, ignoring placeholders and punctuation', () => {
    expect(countWords("<g1>Don't</g1> panic, — it's 42!")).toBe(4);
    expect(countWords('Мастер и Маргарита')).toBe(3);
    const cjk = countWords('我们今天去北京看天安门');
    expect(cjk).toBeGreaterThan(2);
    expect(cjk).toBeLessThan(11);
    expect(countWords('')).toBe(0);
  });
});

describe('BlockBuilder', () => {
  it('collapses whitespace, keeps spaces outside tags and turns empty pairs into standalone tags', () => {
    const b = new BlockBuilder();
    b.text('\n  Say ');
    const i = b.open({ kind: 'emphasis', tag: 'i' });
    b.text('hello ');
    b.close(i);
    b.text('\n\t to ');
    const a = b.open({ kind: 'link', tag: 'a', attrs: { id: 'x' } });
    b.close(a);
    b.text('me. ');
    const built = b.finish();
    expect(built.text).toBe('Say <g1>hello</g1> to <x2/>me.');
    expect(built.inlines.map((t) => [t.n, t.empty])).toEqual([
      [1, false],
      [2, true],
    ]);
  });
});
