import { beforeAll, describe, expect, it } from 'vitest';
import { readBook } from './read-book';
import { openZip } from './read-zip';
import { dtbookEpub } from './testing/dtbook-epub';
import { epubcheckErrorsOfEach, noEpubcheck } from './testing/epubcheck';
import { makeEpub } from './testing/make-epub';
import { translateAll } from './testing/translate-all';
import { writeBook } from './write-book';
import { writeZip } from './write-zip';

if (noEpubcheck) console.warn(noEpubcheck);

const SVG_PAGE = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 600 800" width="600" height="800"><text x="20" y="40">Once upon <tspan font-style="italic">a time</tspan></text></svg>`;

// SVG pages and inline SVG, fallback content and MathML, in one book.
const mixed = () =>
  makeEpub({
    properties: { 'one.xhtml': 'svg mathml' },
    spineAttrs: 'page-progression-direction="ltr"',
    chapters: {
      'one.xhtml': `<p>Before <br/>the picture.</p>
<div><svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100"><text x="10" y="20">Sign on the door</text></svg></div>
<object data="page.svg" type="image/svg+xml"><p>A page of the story.</p></object>
<p>Let <math xmlns="http://www.w3.org/1998/Math/MathML" alttext="x squared"><msup><mi>x</mi><mn>2</mn></msup></math> be positive.</p>`,
    },
    files: { 'OEBPS/page.svg': SVG_PAGE },
    manifest: '<item id="page" href="page.svg" media-type="image/svg+xml"/>',
    spine: '<itemref idref="page"/>',
  });

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

// Faults of real books (EPUB 2, where XHTML 1.1 requires alt): no dc:language, images without alt (in a translated block and outside one),
// a block inside <p> (calibre) and no mimetype entry.
const faulty = () => {
  const zip = openZip(
    makeEpub({
      version: 2,
      noDcLanguage: true,
      chapters: {
        'one.xhtml':
          '<p>A picture <img src="p.png"/> here.</p><div><img src="p.png"/></div><p class="calibre1"><div>Block in a paragraph.</div></p>',
      },
      files: { 'OEBPS/p.png': PNG },
      manifest: '<item id="p" href="p.png" media-type="image/png"/>',
    }),
  );
  return writeZip(
    zip.entries
      .filter((entry) => entry.name !== 'mimetype')
      .map((entry) => ({ name: entry.name, data: zip.read(entry) })),
  );
};

// Every EPUB of this file is written first and checked in one epubcheck run: a JVM start costs
// seconds, another book in a warm JVM a fraction of that. Each test then reads its books' errors.
type Case = { name: string; source: Uint8Array; written: Uint8Array[] };
let cases: Case[] = [];
let errorsOf = new Map<Uint8Array, string[]>();

beforeAll(async () => {
  if (noEpubcheck) return;
  const source = faulty();
  const book = await readBook(source, { filename: 'f.epub' });
  const translated = translateAll(book, (s) => s.toUpperCase(), 'de');
  cases = [
    {
      name: 'faulty',
      source,
      written: [await writeBook(book, 'epub'), await writeBook(translated, 'epub', { layout: 'bilingual' })],
    },
  ];
  for (const [name, make] of [
    ['SVG, fallback, MathML', mixed],
    ['DTBook (EPUB 2)', dtbookEpub],
  ] as const) {
    const source = make();
    const book = translateAll(await readBook(source, { filename: 'b.epub' }), (s) => s.toUpperCase(), 'ar');
    const written = [];
    for (const layout of ['translated', 'bilingual'] as const)
      written.push(await writeBook(book, 'epub', { layout }));
    cases.push({ name, source, written });
  }
  const all = cases.flatMap((c) => [c.source, ...c.written]);
  const errors = await epubcheckErrorsOfEach(all);
  errorsOf = new Map(all.map((bytes, i) => [bytes, errors[i] ?? ['no report']]));
}, 120_000);

const caseNamed = (name: string) => cases.find((c) => c.name === name) as Case;

describe.skipIf(noEpubcheck)('written EPUBs stay valid', () => {
  it('repairs what real books get wrong: dc:language, img alt, block in <p>, mimetype', () => {
    const { source, written } = caseNamed('faulty');
    const before = errorsOf.get(source) as string[];
    for (const fault of [
      'dc:language',
      '"img" missing required attribute "alt"',
      'element "div" not allowed here',
      'PKG-006',
    ])
      expect(before.join('\n')).toContain(fault);
    // As read, then translated in the bilingual layout.
    expect(written.map((bytes) => errorsOf.get(bytes))).toEqual([[], []]);
  });

  it.each([['SVG, fallback, MathML'], ['DTBook (EPUB 2)']])(
    '%s: translated in both layouts, no more epubcheck errors than the source',
    (name) => {
      const { source, written } = caseNamed(name);
      const before = errorsOf.get(source) as string[];
      for (const bytes of written) {
        const after = errorsOf.get(bytes) as string[];
        expect(after.length, after.join('\n')).toBeLessThanOrEqual(before.length);
        expect(after).toEqual([]);
      }
    },
  );
});
