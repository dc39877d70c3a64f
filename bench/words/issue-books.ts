// Small books built like the cases of issue 11: SVG text (a picture book and a page in a book),
// fallback content of <object>/<video>, MathML without alttext, names separated by <br/>, DTBook.
// And one for each kind of issue 27: a MathML textbook and a 10 MB illustrated book (memory), formulas
// whose alt text is a placeholder or a description, a right-to-left spine on an English book, lorem
// ipsum declared English, a navigation document with landmarks, <br/> next to punctuation and in a
// title, positioned SVG text lines, SVG picture pages and an image in the spine with an XHTML fallback.
import { dtbookEpub } from '../../packages/ebook/src/testing/dtbook-epub';
import { makeEpub } from '../../packages/ebook/src/testing/make-epub';
import {
  illustratedBook,
  mathTextbook,
  PNG_SIGNATURE as PNG,
  spineImageWithFallback,
} from '../../packages/ebook/src/testing/make-heavy-books';

const SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 600 800"><text x="20" y="40">Once upon a time a fox</text><text x="20" y="80">jumped over the <tspan>moon</tspan></text></svg>`;
const svgPage = {
  files: { 'OEBPS/p.svg': SVG },
  manifest: '<item id="p" href="p.svg" media-type="image/svg+xml"/>',
  spine: '<itemref idref="p"/>',
};

const M = 'xmlns="http://www.w3.org/1998/Math/MathML"';
const LOREM =
  '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.</p>';
const picturePage = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 600 800"><image width="600" height="800" xlink:href="p${n}.png"/></svg>`;

/** Book name -> EPUB bytes. */
export function issueBooks(): Record<string, Uint8Array> {
  return {
    ...heavyBooks(),
    'math-alt-placeholder-and-description': makeEpub({
      properties: { 'm.xhtml': 'mathml' },
      chapters: {
        'm.xhtml': `<p>Let <math ${M} alttext="Alternative text not available"><mi>A</mi><mo>=</mo><mi>L</mi><mi>U</mi></math> be the factorisation.</p><p>Then <math ${M} alttext="x squared plus one"><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mn>1</mn></math> is positive.</p>`,
      },
    }),
    'rtl-spine-english': makeEpub({
      chapters: { 'a.xhtml': '<p>The pages of this book turn from the right.</p>' },
      spineAttrs: 'page-progression-direction="rtl"',
    }),
    'lorem-declared-english': makeEpub({ chapters: { 'l.xhtml': LOREM.repeat(30) } }),
    'nav-landmarks': makeEpub({
      chapters: { 'ch1.xhtml': '<h1>The Beginning</h1><p id="p1">Text.</p>' },
      navBody:
        '<nav epub:type="toc" id="toc"><h1>Contents</h1><ol><li><a href="ch1.xhtml">The Beginning</a></li></ol></nav><nav epub:type="landmarks" hidden=""><h2>Landmarks</h2><ol><li><a epub:type="bodymatter" href="ch1.xhtml">Begin Reading</a></li></ol></nav><nav epub:type="page-list" hidden=""><h2>Page Navigation</h2><ol><li><a href="ch1.xhtml#p1">1</a></li></ol></nav>',
    }),
    'br-punctuation-and-titles': makeEpub({
      chapters: {
        'a.xhtml':
          '<p>ascoltahre,<br/>"non so" and word-by-word<br/>(e.g., this)</p><h2>A Practical Guide to<br/>Understanding Indexes</h2><p>Text.</p>',
      },
      files: {
        'OEBPS/t.svg':
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800"><text x="20" y="40"><tspan x="20" y="40">qui le verrait.</tspan><tspan x="20" y="80">Oui, dit-il</tspan></text></svg>',
      },
      manifest: '<item id="t" href="t.svg" media-type="image/svg+xml"/>',
      spine: '<itemref idref="t"/>',
    }),
    'svg-picture-pages': makeEpub({
      chapters: {},
      files: { 'OEBPS/s1.svg': picturePage(1), 'OEBPS/p1.png': PNG },
      manifest:
        '<item id="s1" href="s1.svg" media-type="image/svg+xml"/><item id="p1" href="p1.png" media-type="image/png"/>',
      spine: '<itemref idref="s1"/>',
    }),
    'spine-image-xhtml-fallback': spineImageWithFallback(),
    'svg-picture-book': makeEpub({ chapters: {}, ...svgPage, toc: { 'p.svg': 'The fox' } }),
    'svg-page-in-book': makeEpub({ chapters: { 'a.xhtml': '<p>The story starts here.</p>' }, ...svgPage }),
    'quiz-object-fallback': makeEpub({
      chapters: {
        'q.xhtml':
          '<h1>Quiz</h1><object data="p.svg" type="image/svg+xml"><p>Which river is the longest in the world?</p><ul><li>The Nile</li><li>The Amazon</li></ul></object><video src="v.mp4"><p>A film about the rivers.</p></video>',
      },
      files: { 'OEBPS/p.svg': SVG, 'OEBPS/v.mp4': new Uint8Array(16) },
      manifest:
        '<item id="p" href="p.svg" media-type="image/svg+xml"/><item id="v" href="v.mp4" media-type="video/mp4"/>',
    }),
    mathml: makeEpub({
      properties: { 'm.xhtml': 'mathml' },
      chapters: {
        'm.xhtml':
          '<p>Let <math xmlns="http://www.w3.org/1998/Math/MathML"><mi>A</mi><mo>=</mo><mi>L</mi><mi>U</mi></math> be the factorisation.</p><div><math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><mi>x</mi><mo>+</mo><mi>y</mi></math></div>',
      },
    }),
    'br-names': makeEpub({ chapters: { 'b.xhtml': '<p>Fred Leise<br/>Kate Mertes<br/>Anna Smith</p>' } }),
    'dtbook-epub2': dtbookEpub(),
  };
}

/** The two books that measure reading memory: a MathML textbook and a 10 MB illustrated book. */
export function heavyBooks(): Record<string, Uint8Array> {
  return {
    'mathml-textbook': mathTextbook({ formulas: 3791, cells: 12, alttext: 'Alternative text not available' }),
    'illustrated-10mb': illustratedBook({ megabytes: 10, images: 100 }),
  };
}
