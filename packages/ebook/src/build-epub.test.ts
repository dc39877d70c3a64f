import { describe, expect, it } from 'vitest';
import { applyTranslation } from './apply-translation';
import { buildEpub } from './build-epub';
import type { Book } from './model';
import { parseEpub } from './parse-epub';
import { placeholderSignature } from './placeholders';
import { openZip } from './read-zip';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

function sampleBook(): Book {
  return {
    format: 'fb2',
    metadata: { title: 'Tales & Notes', authors: ['A. Writer'], language: 'en', identifiers: [] },
    cover: { href: 'cover.png', mediaType: 'image/png', data: PNG },
    resources: [
      { href: 'pic.png', mediaType: 'image/png', data: PNG },
      { href: 'broken.jpg', mediaType: 'image/jpeg', data: new Uint8Array([1, 2, 3]) },
    ],
    chapters: [
      {
        id: 's1',
        title: 'First',
        blocks: [
          { id: 's1.b1', kind: 'heading', level: 1, text: 'First', inlines: [] },
          {
            id: 's1.b2',
            kind: 'paragraph',
            anchor: 'p2',
            text: 'Some <g1>emphasis</g1> and a note<g2>1</g2>.<x3/>',
            inlines: [
              { n: 1, kind: 'emphasis', empty: false, tag: 'emphasis' },
              { n: 2, kind: 'noteref', empty: false, tag: 'a', href: '#n1' },
              { n: 3, kind: 'image', empty: true, tag: 'image', href: '#pic.png' },
            ],
          },
          { id: 's1.b3', kind: 'poem-line', text: 'A line of verse', inlines: [] },
          {
            id: 's1.b4',
            kind: 'paragraph',
            text: 'A broken picture <x1/>',
            inlines: [{ n: 1, kind: 'image', empty: true, href: 'broken.jpg' }],
          },
        ],
      },
      {
        id: 'notes',
        role: 'notes',
        title: 'Notes',
        blocks: [{ id: 'notes.b1', kind: 'note', noteId: 'n1', text: 'The note text.', inlines: [] }],
      },
    ],
    toc: [
      {
        title: 'First',
        chapterId: 's1',
        children: [{ title: 'Verse', chapterId: 's1', anchor: 'p2', children: [] }],
      },
    ],
  };
}

const text = (bytes: Uint8Array, name: string) => {
  const zip = openZip(bytes);
  return new TextDecoder().decode(zip.read(zip.get(name)!));
};

describe('buildEpub', () => {
  it('builds an EPUB 3 that reads back with the same blocks, TOC, cover and linked endnotes', async () => {
    const bytes = buildEpub(sampleBook());
    const zip = openZip(bytes);
    expect([zip.entries[0]!.name, zip.entries[0]!.method]).toEqual(['mimetype', 0]);
    expect(zip.get('OEBPS/images/broken.jpg')).toBeUndefined();
    const book = await parseEpub(bytes);
    expect(book.metadata).toMatchObject({ title: 'Tales & Notes', authors: ['A. Writer'], language: 'en' });
    expect(book.cover?.href).toBe('OEBPS/images/cover.png');
    expect(book.toc.map((t) => [t.title, t.children.map((c) => [c.title, c.anchor])])).toEqual([
      ['First', [['Verse', 'p2']]],
    ]);
    const blocks = book.chapters.flatMap((c) => c.blocks).filter((b) => !b.text.startsWith('<x'));
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'First'],
      ['paragraph', 'Some <g1>emphasis</g1> and a note<g2>1</g2>.<x3/>'],
      ['paragraph', 'A line of verse'],
      ['paragraph', 'A broken picture'],
      ['note', 'The note text.'],
      ['note', '<g1>↩</g1>'],
    ]);
    expect(blocks[1]!.inlines[1]).toMatchObject({ kind: 'noteref', href: 'c3#n1' });
    expect(blocks[4]).toMatchObject({ noteId: 'n1' });
    expect(text(bytes, 'OEBPS/text/ch002.xhtml')).toContain('<a href="ch001.xhtml#ref-s1-b2-2">↩</a>');
    expect(text(bytes, 'OEBPS/text/ch001.xhtml')).toContain('<img src="../images/pic.png" alt=""/>');
  });

  it('writes bilingual pairs, the notice first and right-to-left direction', async () => {
    const source = sampleBook();
    const translated = applyTranslation(
      source,
      new Map([['s1.b2', 'Algo de <g1>énfasis</g1> y una nota<g2>1</g2>.<x3/>']]),
      {
        targetLanguage: 'ar',
      },
    );
    const bytes = buildEpub(translated, { layout: 'bilingual', notice: 'Partial translation.' });
    const ch1 = text(bytes, 'OEBPS/text/ch001.xhtml');
    expect(ch1).toContain('dir="rtl"');
    expect(ch1).toMatch(
      /<p id="p2" class="bt-translation">Algo de <em>énfasis<\/em>.*<\/p><p class="bt-original" lang="en" xml:lang="en" dir="ltr">Some <em>emphasis<\/em>/,
    );
    expect(text(bytes, 'OEBPS/content.opf')).toMatch(
      /page-progression-direction="rtl">\s*<itemref idref="notice"\/>/,
    );
    const book = await parseEpub(bytes);
    expect(book.chapters[0]!.blocks[0]!.text).toBe('Partial translation.');
    const pair = book.chapters
      .flatMap((c) => c.blocks)
      .filter((b) => placeholderSignature(b.text) === 'g1 g2 x3');
    expect(pair.map((b) => b.text.slice(0, 4))).toEqual(['Algo', 'Some']);
  });
});
