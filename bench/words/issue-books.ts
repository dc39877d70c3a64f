// Small books built like the cases of issue 11: SVG text (a picture book and a page in a book),
// fallback content of <object>/<video>, MathML without alttext, names separated by <br/>, DTBook.
import { dtbookEpub } from '../../packages/ebook/src/testing/dtbook-epub';
import { makeEpub } from '../../packages/ebook/src/testing/make-epub';

const SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 600 800"><text x="20" y="40">Once upon a time a fox</text><text x="20" y="80">jumped over the <tspan>moon</tspan></text></svg>`;
const svgPage = {
  files: { 'OEBPS/p.svg': SVG },
  manifest: '<item id="p" href="p.svg" media-type="image/svg+xml"/>',
  spine: '<itemref idref="p"/>',
};

/** Book name -> EPUB bytes. */
export function issueBooks(): Record<string, Uint8Array> {
  return {
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
