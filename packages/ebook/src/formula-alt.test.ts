import { describe, expect, it } from 'vitest';
import { applyTranslation } from './apply-translation';
import { readBook } from './read-book';
import { openZip } from './read-zip';
import { makeEpub } from './testing/make-epub';
import { changeTexts } from './testing/translate-all';
import { writeBook } from './write-book';

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const M = 'xmlns="http://www.w3.org/1998/Math/MathML"';

const textbook = () =>
  readBook(
    makeEpub({
      properties: { 'm.xhtml': 'mathml' },
      chapters: {
        'm.xhtml': `<p>Let <math ${M} alttext="Alternative text not available"><mi>A</mi><mo>=</mo><mi>L</mi><mi>U</mi></math> be the factorisation.</p><p>Then <math ${M} alttext="x squared plus one"><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mn>1</mn></math> is positive.</p>`,
      },
    }),
    { filename: 'la.epub' },
  );

describe('formulas in plain text and their descriptions', () => {
  it('keeps the symbols of a formula whose alt text only says there is none', async () => {
    const book = await textbook();
    const txt = decode(await writeBook(book, 'txt'));
    expect(txt).toContain('Let A = L U be the factorisation.');
    expect(txt).not.toContain('Alternative text');
  });

  it('writes a formula description in the target language in TXT, FB2 and the EPUB', async () => {
    const book = await textbook();
    const spanish = applyTranslation(
      book,
      changeTexts(book, (s) => s),
      { targetLanguage: 'es', labels: new Map([['x squared plus one', 'x al cuadrado más uno']]) },
    );
    expect(decode(await writeBook(spanish, 'txt'))).toContain('Then x al cuadrado más uno is positive.');
    expect(decode(await writeBook(spanish, 'fb2'))).toContain('x al cuadrado más uno');
    const zip = openZip(await writeBook(spanish, 'epub'));
    const chapter = decode(zip.read(zip.get('OEBPS/m.xhtml')!));
    expect(chapter).toContain('alttext="x al cuadrado más uno"><msup><mi>x</mi><mn>2</mn></msup>');
    expect(chapter).toContain('alttext="Alternative text not available"');
  });
});
