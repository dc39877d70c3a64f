import { describe, expect, it } from 'vitest';
import { readBook } from './read-book';
import { makeEpub } from './testing/make-epub';
import { writeBook } from './write-book';

const page = (title: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en"><head><title>${title}</title></head><body>${body}</body></html>`;

describe('FB2 written from an EPUB', () => {
  it('titles sections from the nav, else the document <title>, when the text has no heading', async () => {
    const bytes = makeEpub({
      title: 'The Book',
      chapters: { 'one.xhtml': '<p>First words.</p>' },
      files: {
        'OEBPS/two.xhtml': page('Interlude', '<p>Second words.</p>'),
        'OEBPS/three.xhtml': page('The Book', '<p>Third words.</p>'),
      },
      manifest:
        '<item id="two" href="two.xhtml" media-type="application/xhtml+xml"/><item id="three" href="three.xhtml" media-type="application/xhtml+xml"/>',
      spine: '<itemref idref="two"/><itemref idref="three"/>',
    });
    const fb2 = new TextDecoder().decode(
      await writeBook(await readBook(bytes, { filename: 'b.epub' }), 'fb2'),
    );
    const body = fb2.slice(fb2.indexOf('<body>'));
    expect(body).toContain('<section><title><p>Chapter 1</p></title><p>First words.</p></section>');
    expect(body).toContain('<section><title><p>Interlude</p></title><p>Second words.</p></section>');
    // A <title> that repeats the book's title names nothing.
    expect(body).toContain('<section><p>Third words.</p></section>');
  });
});
