import { describe, expect, it } from 'vitest';
import { readBook } from './read-book';
import { makeEpub } from './testing/make-epub';
import { writeBook } from './write-book';

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

// Line breaks next to punctuation, a heading broken over two lines that names its chapter, and SVG
// text laid out in positioned lines: plain text must keep the words on either side apart.
const book = () =>
  readBook(
    makeEpub({
      chapters: {
        'a.xhtml':
          '<p>ascoltahre,<br/>"non so" and word-by-word<br/>(e.g., this)</p><p>Line one.<br/> Line two.</p>',
      },
      files: {
        // Not in the TOC: the chapter is named by its heading.
        'OEBPS/b.xhtml':
          '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title></head><body><p class="label">Part Two</p><h1>A Practical Guide to<br/>Understanding Indexes</h1><p>Text.</p></body></html>',
        'OEBPS/p.svg':
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800"><text x="20" y="40"><tspan x="20" y="40">qui le verrait.</tspan><tspan x="20" y="80">Oui, dit-il</tspan></text></svg>',
      },
      manifest:
        '<item id="b" href="b.xhtml" media-type="application/xhtml+xml"/><item id="p" href="p.svg" media-type="image/svg+xml"/>',
      spine: '<itemref idref="b"/><itemref idref="p"/>',
      toc: { 'p.svg': 'Picture' },
    }).slice(),
    { filename: 'apart.epub' },
  );

describe('words kept apart in plain text', () => {
  it('keeps a space where a <br/> meets punctuation, and no second one where the text has it', async () => {
    const txt = decode(await writeBook(await book(), 'txt'));
    expect(txt).toContain('ascoltahre, "non so" and word-by-word (e.g., this)');
    expect(txt).toContain('Line one. Line two.');
  });

  it('names a chapter by its heading with the words at its <br/> apart, in TXT and FB2', async () => {
    const read = await book();
    expect(read.chapters.map((c) => c.title)).toContain('A Practical Guide to Understanding Indexes');
    expect(decode(await writeBook(read, 'txt'))).not.toMatch(/toUnderstanding/);
    expect(decode(await writeBook(read, 'fb2'))).not.toMatch(/toUnderstanding/);
  });

  it('reads positioned SVG text lines as separate words', async () => {
    const read = await book();
    expect(decode(await writeBook(read, 'txt'))).toContain('verrait. Oui,');
    expect(decode(await writeBook(read, 'fb2'))).toContain('verrait. Oui,');
  });
});
