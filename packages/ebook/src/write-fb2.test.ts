import { existsSync } from 'node:fs';
import { fb2SchemaPath } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { applyTranslation } from './apply-translation';
import type { Book } from './model';
import { parseFb2 } from './parse-fb2';
import { placeholderSignature } from './placeholders';
import { sampleFb2 } from './sample-fb2';
import { hasXmllint, validateFb2 } from './testing/xmllint-fb2';
import { writeFb2 } from './write-fb2';

const skipReason = !existsSync(fb2SchemaPath)
  ? `skipped: ${fb2SchemaPath} is absent`
  : !hasXmllint()
    ? 'skipped: xmllint is not installed'
    : null;
if (skipReason) console.warn(skipReason);
const utf8 = (text: string) => new TextEncoder().encode(text);
const shape = (book: Book) =>
  book.chapters.flatMap((c) => c.blocks.map((b) => `${b.kind}|${b.text}|${placeholderSignature(b.text)}`));

/** A book as the EPUB reader gives it: list items, links between chapters, body notes, an image. */
function epubLikeBook(): Book {
  const png = {
    href: 'OEBPS/images/fig 1.png',
    mediaType: 'image/png',
    data: Uint8Array.from([0x89, 0x50, 0x4e, 0x47]),
  };
  return {
    format: 'epub',
    metadata: {
      title: 'A & B',
      authors: ['Mary Shelley', 'Anonymous'],
      language: 'en',
      identifiers: [],
      description: 'Two lines.\nSecond.',
    },
    cover: png,
    resources: [png],
    toc: [],
    chapters: [
      {
        id: 'c1',
        href: 'OEBPS/one.xhtml',
        blocks: [
          { id: 'c1.b1', kind: 'heading', level: 2, text: 'One', inlines: [], anchor: 'one' },
          {
            id: 'c1.b2',
            kind: 'paragraph',
            text: 'See <g1>two</g1> and<g2>1</g2>.<x3/>',
            inlines: [
              { n: 1, kind: 'link', empty: false, href: 'c2#two' },
              { n: 2, kind: 'noteref', empty: false, href: 'OEBPS/one.xhtml#fn1' },
              { n: 3, kind: 'image', empty: true, href: 'OEBPS/images/fig 1.png' },
            ],
          },
          {
            id: 'c1.b3',
            kind: 'list-item',
            text: 'item <g1>one <g2>deep</g2></g1>',
            inlines: [
              { n: 1, kind: 'ruby', empty: false },
              { n: 2, kind: 'strong', empty: false },
            ],
          },
          { id: 'c1.b4', kind: 'heading', level: 3, text: 'Sub', inlines: [] },
          { id: 'c1.b5', kind: 'preformatted', text: 'code <here>', inlines: [] },
          { id: 'c1.b6', kind: 'note', text: 'The note.', inlines: [], noteId: 'fn1', anchor: 'fn1' },
        ],
      },
      {
        id: 'c2',
        blocks: [
          { id: 'c2.b1', kind: 'heading', level: 1, text: 'Two', inlines: [], anchor: 'two' },
          { id: 'c2.b2', kind: 'table-cell', text: 'cell', inlines: [] },
        ],
      },
    ],
  };
}

describe.skipIf(skipReason)('writeFb2', () => {
  it('writes schema-valid FB2 that reads back with the same blocks, text and placeholders', async () => {
    const book = await parseFb2(utf8(sampleFb2()));
    const bytes = await writeFb2(book);
    expect(validateFb2(bytes, fb2SchemaPath)).toBeNull();
    const again = await parseFb2(bytes);
    expect(shape(again)).toEqual(shape(book));
    expect(again.metadata).toMatchObject({ title: 'Проба', authors: ['Лев Толстой'], language: 'ru' });
    expect(again.cover?.data).toEqual(book.cover?.data);
    expect(again.chapters.find((c) => c.role === 'notes')?.blocks[0]).toMatchObject({ noteId: 'n1' });
  });

  it('writes a valid FB2 from an EPUB-shaped book: notes body, note links, binaries, nested sections', async () => {
    const bytes = await writeFb2(epubLikeBook());
    expect(validateFb2(bytes, fb2SchemaPath)).toBeNull();
    const xml = new TextDecoder().decode(bytes);
    expect(xml).toContain(
      '<body name="notes"><section id="fn1"><title><p>1</p></title><p>The note.</p></section></body>',
    );
    expect(xml).toContain('<a l:href="#fn1" type="note">1</a>');
    expect(xml).toContain('<a l:href="#two">two</a>');
    expect(xml).toMatch(/<image l:href="#fig_1.png"\/>/);
    expect(xml).toContain('<binary id="fig_1.png" content-type="image/png">iVBORw==</binary>');
    expect(xml).toContain('<book-title>A &amp; B</book-title>');
    const again = await parseFb2(bytes);
    expect(again.chapters.flatMap((c) => c.blocks.map((b) => b.text))).toContain('item one <g1>deep</g1>');
  });

  it('writes the notice first and bilingual pairs, still valid', async () => {
    const book = await parseFb2(utf8(sampleFb2()));
    const translated = applyTranslation(
      book,
      new Map([['c2.b4', 'First <g1>paragraph</g1> with a note<g2>1</g2>.']]),
      { targetLanguage: 'en' },
    );
    const bytes = await writeFb2(translated, {
      layout: 'bilingual',
      notice: 'Only the first 5,000 words are translated.',
    });
    expect(validateFb2(bytes, fb2SchemaPath)).toBeNull();
    const xml = new TextDecoder().decode(bytes);
    expect(xml.indexOf('Only the first 5,000 words')).toBeLessThan(xml.indexOf('Глава первая'));
    expect(xml).toMatch(
      /<p>First <emphasis>paragraph<\/emphasis>.*?<\/p><p style="original"><emphasis>Первый/,
    );
    expect(xml).toContain('<lang>en</lang>');
  });
});
