import { describe, expect, it } from 'vitest';
import { describeMarker, markersOf, missingMarkers, parsePlaceholders } from './placeholders';

const source = parsePlaceholders(
  'See <g1>the <g2>harbour</g2></g1>.<x3/>',
  new Map([
    [1, { kind: 'link' as const, href: 'https://example.org', label: null, tag: false }],
    [2, { kind: 'emphasis' as const, href: null, label: null, tag: false }],
    [3, { kind: 'image' as const, href: null, label: 'Map', tag: true }],
  ]),
);

describe('placeholders', () => {
  it('gives each span the marks the block’s markers mean, outermost first (the contract’s reading)', () => {
    const harbour = source.find((s) => s.type === 'text' && s.text === 'harbour');
    expect(harbour?.marks.map((m) => [m.kind, m.href])).toEqual([
      ['link', 'https://example.org'],
      ['emphasis', null],
    ]);
    expect(source.at(-1)).toEqual({ type: 'tag', n: 3, kind: 'image', label: 'Map', marks: [] });
    expect(source.map((s) => (s.type === 'text' ? s.text : `<x${s.n}/>`)).join('')).toBe(
      'See the harbour.<x3/>',
    );
  });

  it('knows the markers of a block from its spans, and which ones a text lacks', () => {
    const markers = markersOf(source);
    expect([...markers.keys()]).toEqual([1, 2, 3]);
    expect(missingMarkers('Vea <g1>el puerto</g1>.', markers)).toEqual(['<g2>', '</g2>', '<x3/>']);
    expect(describeMarker(1, markers.get(1) as never)).toEqual({
      marker: '<g1>…</g1>',
      meaning: 'link to https://example.org',
    });
    expect(describeMarker(3, markers.get(3) as never)).toEqual({ marker: '<x3/>', meaning: 'image “Map”' });
  });

  it('treats numbers the block does not know as neutral spans', () => {
    expect(parsePlaceholders('<g9>x</g9><x8/>', new Map())).toEqual([
      { type: 'text', text: 'x', marks: [{ n: 9, kind: 'span', href: null }] },
      { type: 'tag', n: 8, kind: 'other', label: null, marks: [] },
    ]);
  });
});
