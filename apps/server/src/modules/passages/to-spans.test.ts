import { describe, expect, it } from 'vitest';
import type { ReaderInline } from './reader-book';
import { safeHref } from './reader-book';
import { toSpans } from './to-spans';

const inline = (
  n: number,
  kind: ReaderInline['kind'],
  href: string | null = null,
  label: string | null = null,
  image: string | null = null,
) => [n, { n, kind, href, label, image }] as const;

describe('toSpans', () => {
  it('gives nested marks outermost first and standalone placeholders as tags', () => {
    const inlines = new Map([
      inline(1, 'link', 'https://example.com'),
      inline(2, 'emphasis'),
      inline(3, 'image', null, 'a map'),
      inline(4, 'image', null, 'the coast', 'i7'),
    ]);
    expect(toSpans('See <g1>the <g2>old</g2> map</g1><x3/> < here<x4/>', inlines)).toEqual([
      { type: 'text', text: 'See ', marks: [] },
      { type: 'text', text: 'the ', marks: [{ n: 1, kind: 'link', href: 'https://example.com' }] },
      {
        type: 'text',
        text: 'old',
        marks: [
          { n: 1, kind: 'link', href: 'https://example.com' },
          { n: 2, kind: 'emphasis', href: null },
        ],
      },
      { type: 'text', text: ' map', marks: [{ n: 1, kind: 'link', href: 'https://example.com' }] },
      { type: 'tag', n: 3, kind: 'image', label: 'a map', marks: [] },
      { type: 'text', text: ' < here', marks: [] },
      // An image the reader serves carries its id.
      { type: 'tag', n: 4, kind: 'image', label: 'the coast', image: 'i7', marks: [] },
    ]);
  });

  it('keeps only http(s) and mailto addresses', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref('mailto:someone@example.com')).toBe('mailto:someone@example.com');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('c3#n1')).toBeNull();
    expect(safeHref('data:text/html,<b>')).toBeNull();
  });
});
