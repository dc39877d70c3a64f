import { describe, expect, it } from 'vitest';
import { anchorFilepos } from './mobi6-anchors';

describe('anchorFilepos', () => {
  it('puts the id on the element a position points at, past end tags and page breaks', () => {
    const raw = '<p>One</p><mbp:pagebreak/><h2 class="x">Two</h2><a filepos=10>to two</a>';
    const { text, anchors } = anchorFilepos(raw, []);
    expect(anchors.get(10)).toBe('filepos10');
    expect(text).toContain('<mbp:pagebreak/><h2 id="filepos10" class="x">Two</h2>');
  });

  it("keeps an element's own id, and marks a position inside text with an empty anchor", () => {
    const raw = '<p id="start">One two</p><a filepos=0000000004>a</a><a filepos=0000000017>b</a>';
    const { text, anchors } = anchorFilepos(raw, []);
    expect(anchors.get(4)).toBe('start');
    expect(anchors.get(17)).toBe('filepos17');
    expect(text.startsWith('<p id="start">One <a id="filepos17"></a>two</p>')).toBe(true);
  });
});
