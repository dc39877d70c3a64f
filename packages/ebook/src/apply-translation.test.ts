import { describe, expect, it } from 'vitest';
import { applyTranslation } from './apply-translation';
import { buildEpub } from './build-epub';
import type { Book } from './model';
import { parseEpub } from './parse-epub';
import { openZip } from './read-zip';
import { makeEpub } from './testing/make-epub';
import { writeEpub } from './write-epub';
import { writeFb2 } from './write-fb2';
import { writeTxt } from './write-txt';

// A chapter without a heading block: the writers fall back to the chapter title.
const book: Book = {
  format: 'txt',
  metadata: { title: 'The  Keeper', authors: ['Ann'], language: 'en', identifiers: [] },
  chapters: [
    {
      id: 'c1',
      title: 'The Lamp',
      blocks: [{ id: 'c1.b1', kind: 'paragraph', text: 'She lit it.', inlines: [] }],
    },
    {
      id: 'c2',
      title: 'Notes',
      role: 'notes',
      blocks: [{ id: 'c2.b1', kind: 'note', noteId: 'n1', text: 'A note.', inlines: [] }],
    },
  ],
  toc: [{ title: 'The\n Lamp', chapterId: 'c1', children: [] }],
  resources: [],
};
const options = {
  targetLanguage: 'es',
  title: 'El guardián',
  // Keys with spaces collapsed, as the translator produces them.
  labels: new Map([
    ['The Lamp', 'La lámpara'],
    ['Notes', 'Notas'],
  ]),
};
const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const entries = (bytes: Uint8Array) => {
  const zip = openZip(bytes);
  return new Map(zip.entries.map((e) => [e.name, decode(zip.read(e))]));
};

describe('applyTranslation with a translated title and labels', () => {
  const translated = applyTranslation(book, new Map([['c1.b1', 'La encendió.']]), options);

  it('relabels chapters and TOC entries, also where the source label has other white space', () => {
    expect(translated.metadata.title).toBe('El guardián');
    expect(translated.chapters.map((c) => c.title)).toEqual(['La lámpara', 'Notas']);
    expect(translated.toc[0]?.title).toBe('La lámpara');
    expect(book.chapters[0]?.title).toBe('The Lamp');
  });

  it('reaches the TXT and FB2 writers', async () => {
    expect(decode(await writeTxt(translated))).toMatch(/^La lámpara\n\nLa encendió\./);
    const fb2 = decode(await writeFb2(translated));
    expect(fb2).toContain('<book-title>El guardián</book-title>');
    expect(fb2).toContain('<body name="notes"><title><p>Notas</p></title>');
  });

  it('reaches a built EPUB 3: nav, NCX (with the target language) and document titles', () => {
    const files = entries(buildEpub(translated));
    const nav = files.get('OEBPS/text/nav.xhtml') ?? '';
    expect(nav).toContain('>La lámpara</a>');
    expect(nav).toContain('xml:lang="es"');
    const ncx = files.get('OEBPS/toc.ncx') ?? '';
    expect(ncx).toMatch(/<ncx [^>]*xml:lang="es"/);
    expect(ncx).toContain('<text>El guardián</text>');
    expect(ncx).toContain('<text>La lámpara</text>');
    expect([...files.values()].some((f) => f.includes('<title>La lámpara</title>'))).toBe(true);
  });

  it('marks a rewritten nav and NCX as the target language when their labels are translated', async () => {
    const source = await parseEpub(makeEpub({ version: 3, chapters: { 'a.xhtml': '<p>One.</p>' } }));
    const out = applyTranslation(source, new Map(), {
      targetLanguage: 'es',
      title: 'Libro de prueba',
      labels: new Map([['Chapter 1', 'Capítulo 1']]),
    });
    const files = entries(await writeEpub(out));
    expect(files.get('OEBPS/nav.xhtml')).toMatch(/<html [^>]*lang="es" xml:lang="es"/);
    expect(files.get('OEBPS/nav.xhtml')).toContain('>Capítulo 1</a>');
    // The source NCX declares no language; translated labels add one.
    expect(files.get('OEBPS/toc.ncx')).toMatch(/<ncx [^>]*xml:lang="es"/);
    expect(files.get('OEBPS/content.opf')).toContain('<dc:title>Libro de prueba</dc:title>');
  });
});
