import { describe, expect, it } from 'vitest';
import { layoutOf } from './block-layout';
import { readBook } from './read-book';
import { makeEpub } from './testing/make-epub';

const kinds = async (body: string) => {
  const book = await readBook(makeEpub({ chapters: { 'c.xhtml': body } }), { filename: 'c.epub' });
  return book.chapters[0]?.blocks.map((b) => [b.kind, b.text, layoutOf(b)]);
};

describe('verse places', () => {
  it('numbers a poem and its stanzas; class names count only whole', async () => {
    expect(
      await kinds(`<div class="poem"><div class="stanza"><p>One</p><p>Two</p></div><div class="verse"><p>Three</p></div></div>
<p class="poem-title">Not verse</p><div class="col-lg-6"><p>Nor this</p></div>`),
    ).toEqual([
      ['poem-line', 'One', { group: 1, stanza: 2 }],
      ['poem-line', 'Two', { group: 1, stanza: 2 }],
      ['poem-line', 'Three', { group: 1, stanza: 3 }],
      ['paragraph', 'Not verse', {}],
      ['paragraph', 'Nor this', {}],
    ]);
  });
});
