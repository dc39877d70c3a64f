import { existsSync } from 'node:fs';
import { fb2SchemaPath } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { readBook } from './read-book';
import { openZip } from './read-zip';
import { dtbookEpub } from './testing/dtbook-epub';
import { makeEpub } from './testing/make-epub';
import { translateAll } from './testing/translate-all';
import { hasXmllint, validateFb2 } from './testing/xmllint-fb2';
import { writeBook } from './write-book';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const entry = (bytes: Uint8Array, name: string) => {
  const zip = openZip(bytes);
  const found = zip.get(name);
  if (!found) throw new Error(`${name} is missing`);
  return text(zip.read(found));
};
const allText = (book: Awaited<ReturnType<typeof readBook>>) =>
  book.chapters.flatMap((c) => c.blocks.map((b) => b.text));

const SVG_PAGE = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 600 800" width="600" height="800">
<title>Page one</title>
<rect x="0" y="0" width="600" height="800" fill="white"/>
<text x="20" y="40">Once upon a time</text>
<g><text x="20" y="80">a fox <tspan font-style="italic">jumped</tspan> high</text></g>
</svg>`;

const SVG_BOOK = makeEpub({
  chapters: {
    'one.xhtml': `<p>Before the picture.</p>
<div><svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100"><desc>hidden</desc><text x="10" y="20">Sign on the door</text></svg></div>
<p>After the picture.</p>`,
  },
  files: { 'OEBPS/page.svg': SVG_PAGE },
  manifest: '<item id="page" href="page.svg" media-type="image/svg+xml"/>',
  spine: '<itemref idref="page"/>',
});

const QUIZ_BOOK = makeEpub({
  chapters: {
    'quiz.xhtml': `<p>Question one.</p>
<object data="quiz.js" type="application/javascript"><param name="q" value="1"/><p>Which river is the longest?</p><ul><li>The Nile</li><li>The Amazon</li></ul></object>
<p>Listen: <audio src="a.mp3" controls="controls">your reader cannot play <em>this song</em></audio> now.</p>
<video src="v.mp4" controls="controls"><source src="v.webm" type="video/webm"/><p>A film about foxes.</p></video>`,
  },
});

const MATH_BOOK = makeEpub({
  chapters: {
    'math.xhtml': `<p>Let <math xmlns="http://www.w3.org/1998/Math/MathML" alttext="x squared"><msup><mi>x</mi><mn>2</mn></msup></math> be positive.</p>
<div><math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><mi>A</mi><mo>=</mo><mi>L</mi><mi>U</mi></math></div>`,
  },
});

describe('SVG text', () => {
  const bytes = SVG_BOOK;

  it('reads inline SVG text and SVG spine documents, in reading order, never their title or desc', async () => {
    const book = await readBook(bytes, { filename: 'b.epub' });
    expect(allText(book)).toEqual([
      'Before the picture.',
      'Sign on the door',
      'After the picture.',
      'Once upon a time',
      'a fox <g1>jumped</g1> high',
    ]);
  });

  it('writes the translation back inside the SVG, and into FB2 and TXT', async () => {
    const book = translateAll(await readBook(bytes, { filename: 'b.epub' }), (s) => s.toUpperCase(), 'de');
    const epub = await writeBook(book, 'epub', { layout: 'bilingual' });
    expect(entry(epub, 'OEBPS/one.xhtml')).toContain('<text x="10" y="20">SIGN ON THE DOOR</text>');
    const page = entry(epub, 'OEBPS/page.svg');
    expect(page).toContain('<text x="20" y="80">A FOX <tspan font-style="italic">JUMPED</tspan> HIGH</text>');
    expect(page).toContain('<title>Page one</title>');
    expect(page).toMatch(/<svg [^>]*xml:lang="de"/);
    const txt = text(await writeBook(book, 'txt'));
    expect(txt).toContain('SIGN ON THE DOOR');
    expect(txt).toContain('A FOX JUMPED HIGH');
    const fb2 = text(await writeBook(book, 'fb2'));
    expect(fb2).toContain('ONCE UPON A TIME');
  });

  it('reads a picture book whose only text is SVG instead of refusing it', async () => {
    const pictureBook = makeEpub({
      chapters: {},
      files: { 'OEBPS/page.svg': SVG_PAGE },
      manifest: '<item id="page" href="page.svg" media-type="image/svg+xml"/>',
      spine: '<itemref idref="page"/>',
    });
    const book = await readBook(pictureBook, { filename: 'p.epub' });
    expect(allText(book)).toContain('Once upon a time');
  });
});

describe('fallback content of object, audio and video', () => {
  const bytes = QUIZ_BOOK;

  it('offers the fallback text for translation and writes it everywhere', async () => {
    const book = await readBook(bytes, { filename: 'q.epub' });
    expect(allText(book)).toEqual([
      'Question one.',
      'Which river is the longest?',
      'The Nile',
      'The Amazon',
      'Listen: <g1>your reader cannot play <g2>this song</g2></g1> now.',
      'A film about foxes.',
    ]);
    const translated = translateAll(book, (s) => s.toUpperCase(), 'de');
    const quiz = entry(await writeBook(translated, 'epub'), 'OEBPS/quiz.xhtml');
    expect(quiz).toContain('<param name="q" value="1"/><p>WHICH RIVER IS THE LONGEST?</p>');
    expect(quiz).toContain(
      '<audio src="a.mp3" controls="controls">YOUR READER CANNOT PLAY <em>THIS SONG</em></audio>',
    );
    expect(quiz).toContain('<source src="v.webm" type="video/webm"/><p>A FILM ABOUT FOXES.</p>');
    const txt = text(await writeBook(translated, 'txt'));
    for (const words of ['THE AMAZON', 'YOUR READER CANNOT PLAY THIS SONG NOW.', 'A FILM ABOUT FOXES.'])
      expect(txt).toContain(words);
    expect(text(await writeBook(translated, 'fb2'))).toContain('WHICH RIVER IS THE LONGEST?');
  });
});

describe('MathML', () => {
  const bytes = MATH_BOOK;

  it('carries alt text (or the tokens in reading order) into TXT and FB2 and keeps the math in EPUB', async () => {
    const book = await readBook(bytes, { filename: 'm.epub' });
    const translated = translateAll(book, (s) => s.toUpperCase(), 'de');
    const txt = text(await writeBook(translated, 'txt'));
    expect(txt).toContain('LET x squared BE POSITIVE.');
    expect(txt).toContain('A = L U');
    const fb2 = text(await writeBook(translated, 'fb2'));
    expect(fb2).toContain('x squared');
    expect(fb2).toContain('A = L U');
    const xhtml = entry(await writeBook(translated, 'epub'), 'OEBPS/math.xhtml');
    expect(xhtml).toContain('<msup><mi>x</mi><mn>2</mn></msup></math> BE POSITIVE.');
    expect(xhtml).toContain('<mi>A</mi><mo>=</mo><mi>L</mi><mi>U</mi></math>');
  });
});

describe('line breaks', () => {
  it('keep the words they separate apart in TXT', async () => {
    const bytes = makeEpub({ chapters: { 'c.xhtml': '<p>Fred Leise<br/>Kate Mertes</p>' } });
    const txt = text(await writeBook(await readBook(bytes, { filename: 'c.epub' }), 'txt'));
    expect(txt).toContain('Fred Leise Kate Mertes');
  });
});

describe.skipIf(!hasXmllint() || !existsSync(fb2SchemaPath))('FB2 written from these books', () => {
  it('is valid against the FictionBook schema', async () => {
    const verse = makeEpub({
      chapters: {
        'v.xhtml': `<div class="poem"><div class="stanza"><p>Line one</p><p>Line two</p></div></div>
<section epub:type="z3998:poem"><p><span>Three</span><br/><span>Four</span></p></section>`,
      },
    });
    const sources = [SVG_BOOK, QUIZ_BOOK, MATH_BOOK, dtbookEpub(), verse];
    for (const bytes of sources) {
      const book = translateAll(await readBook(bytes, { filename: 'b.epub' }), (s) => s.toUpperCase(), 'de');
      expect(validateFb2(await writeBook(book, 'fb2'), fb2SchemaPath)).toBeNull();
    }
  });
});
