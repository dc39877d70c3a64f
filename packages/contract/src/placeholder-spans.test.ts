import { describe, expect, it } from 'vitest';
import { type PlaceholderMeanings, placeholderSpans } from './placeholder-spans';

// Every mark a link to its own number and every tag an image: what each span carries is then
// readable from the numbers alone.
const meanings: PlaceholderMeanings = {
  mark: (n) => ({ n, kind: 'link', href: `#${n}` }),
  tag: (n) => ({ kind: 'image', label: `picture ${n}` }),
};
/** Each span as text (or tag number) with the numbers of its marks, outermost first. */
const read = (text: string) =>
  placeholderSpans(text, meanings).map((s) => [
    s.type === 'text' ? s.text : `x${s.n}`,
    s.marks.map((m) => m.n).join(','),
  ]);

describe('placeholderSpans: the one reading of placeholder text (server answers, web preview)', () => {
  it('puts nested marks outermost first and a tag inside the marks around it', () => {
    expect(read('a <g1>b <g2>c</g2><x3/></g1>.')).toEqual([
      ['a ', ''],
      ['b ', '1'],
      ['c', '1,2'],
      ['x3', '1'],
      ['.', ''],
    ]);
  });

  it('keeps a literal < and a malformed marker as text, drops a stray close, ends an unclosed open', () => {
    expect(read('1 < 2 <g1/> </g4>z <g5>tail')).toEqual([
      ['1 < 2 <g1/> ', ''],
      ['z ', ''],
      ['tail', '5'],
    ]);
  });

  it('asks the block what each number means', () => {
    expect(placeholderSpans('<g7>w</g7><x8/>', meanings)).toEqual([
      { type: 'text', text: 'w', marks: [{ n: 7, kind: 'link', href: '#7' }] },
      { type: 'tag', n: 8, kind: 'image', label: 'picture 8', marks: [] },
    ]);
  });
});
