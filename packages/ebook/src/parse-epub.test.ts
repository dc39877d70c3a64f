import { describe, expect, it } from 'vitest';
import { countWords } from './count-words';
import { parseEpub } from './parse-epub';
import { placeholderSignature } from './placeholders';
import { makeEpub } from './testing/make-epub';

const code = (c: string) => expect.objectContaining({ code: c });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('parseEpub (EPUB 3)', () => {
  const bytes = makeEpub({
    chapters: {
      'chapter one.xhtml': `<section epub:type="chapter"><h1 id="h">The <i>First</i> Chapter</h1>
        <p id="p1">It was <em>very</em> dark<a href="notes.xhtml#n1" epub:type="noteref" id="r1">1</a>, see <a href="https://example.org/x?a=1&amp;b=2">this</a>.</p>
        <p><img src="images/pic%201.png" alt="A picture"/></p>
        <ul><li>One &amp; <b>two</b></li><li>Three<ul><li>Nested</li></ul></li></ul>
        <table><tr><td>Cell</td><th>Head</th></tr></table>
        <blockquote><p>Quoted words.</p></blockquote>
        <div>Loose text <span>in a div</span><p>and a paragraph</p></div></section>`,
      'notes.xhtml': `<section epub:type="endnotes"><aside epub:type="footnote" id="n1"><p>The note <a href="chapter%20one.xhtml#r1">back</a>.</p></aside></section>`,
    },
    files: { 'OEBPS/images/pic 1.png': PNG },
    manifest: '<item id="pic" href="images/pic%201.png" media-type="image/png" properties="cover-image"/>',
  });

  it('reads metadata, spine order, TOC and cover', async () => {
    const book = await parseEpub(bytes);
    expect(book.metadata).toMatchObject({ title: 'Test Book', authors: ['Ann Author'], language: 'en' });
    expect(book.chapters.map((c) => [c.id, c.href, c.role])).toEqual([
      ['c1', 'OEBPS/chapter one.xhtml', 'body'],
      ['c2', 'OEBPS/notes.xhtml', 'notes'],
    ]);
    expect(book.toc.map((t) => [t.title, t.chapterId])).toEqual([
      ['Chapter 1', 'c1'],
      ['Chapter 2', 'c2'],
    ]);
    expect(book.cover?.href).toBe('OEBPS/images/pic 1.png');
    expect(book.cover?.data).toEqual(PNG);
    expect(book.resources.map((r) => r.href).sort()).toEqual(['OEBPS/images/pic 1.png', 'OEBPS/style.css']);
  });

  it('turns block elements into blocks with stable ids and inline markup into placeholders', async () => {
    const [chapter, notes] = (await parseEpub(bytes)).chapters;
    const blocks = chapter!.blocks;
    expect(blocks.map((b) => [b.id, b.kind, b.text])).toEqual([
      ['c1.b1', 'heading', 'The <g1>First</g1> Chapter'],
      ['c1.b2', 'paragraph', 'It was <g1>very</g1> dark<g2>1</g2>, see <g3>this</g3>.'],
      ['c1.b3', 'paragraph', '<x1/>'],
      ['c1.b4', 'list-item', 'One & <g1>two</g1>'],
      ['c1.b5', 'list-item', 'Three'],
      ['c1.b6', 'list-item', 'Nested'],
      ['c1.b7', 'table-cell', 'Cell'],
      ['c1.b8', 'table-cell', 'Head'],
      ['c1.b9', 'blockquote', 'Quoted words.'],
      ['c1.b10', 'paragraph', 'Loose text <g1>in a div</g1>'],
      ['c1.b11', 'paragraph', 'and a paragraph'],
    ]);
    expect(blocks[0]).toMatchObject({ level: 1, anchor: 'h' });
    const links = blocks[1]!.inlines;
    expect(links.map((t) => [t.kind, t.href])).toEqual([
      ['emphasis', undefined],
      ['noteref', 'c2#n1'],
      ['link', 'https://example.org/x?a=1&b=2'],
    ]);
    expect(blocks[2]!.inlines[0]).toMatchObject({
      kind: 'image',
      href: 'OEBPS/images/pic 1.png',
      empty: true,
    });
    expect(notes!.blocks).toEqual([
      expect.objectContaining({ kind: 'note', noteId: 'n1', text: 'The note <g1>back</g1>.' }),
    ]);
    expect(notes!.blocks[0]!.inlines[0]!.href).toBe('c1#r1');
    expect(placeholderSignature(blocks[1]!.text)).toBe('g1 g2 g3');
    expect(countWords(blocks[1]!.text)).toBe(6);
  });

  it('hands the ids of containers to their first block, so links to sections survive other formats', async () => {
    const book = await parseEpub(
      makeEpub({
        chapters: {
          'a.xhtml':
            '<section id="part1"><div id="wrap"><h2 id="t">Title</h2></div><section id="empty"></section><p>Text</p></section>',
        },
      }),
    );
    expect(book.chapters[0]!.blocks.map((b) => [b.text, b.anchor, b.aliases])).toEqual([
      ['Title', 't', ['part1', 'wrap']],
      ['Text', 'empty', undefined],
    ]);
  });

  it('gives the same ids on every parse of the same bytes', async () => {
    const a = await parseEpub(bytes.slice());
    const b = await parseEpub(bytes.slice());
    expect(a.chapters.flatMap((c) => c.blocks.map((x) => x.id))).toEqual(
      b.chapters.flatMap((c) => c.blocks.map((x) => x.id)),
    );
  });
});

describe('parseEpub (EPUB 2)', () => {
  it('reads NCX, HTML named entities, meta cover and percent-encoded paths', async () => {
    const bytes = makeEpub({
      version: 2,
      language: 'la',
      chapters: { 'caput%201.xhtml': '<h2>Caput&nbsp;I</h2><p>In diebus Assueri&mdash;qui regnavit.</p>' },
      files: { 'OEBPS/cover.png': PNG },
      manifest: '<item id="cover-img" href="cover.png" media-type="image/png"/>',
      metadata: '<meta name="cover" content="cover-img"/>',
    });
    const book = await parseEpub(bytes);
    expect(book.chapters[0]!.blocks.map((b) => b.text)).toEqual([
      'Caput\u00a0I',
      'In diebus Assueri\u2014qui regnavit.',
    ]);
    expect(book.toc).toEqual([{ title: 'Chapter 1', chapterId: 'c1', children: [] }]);
    expect(book.cover?.href).toBe('OEBPS/cover.png');
  });

  it('finds the cover through the guide when the manifest does not mark it', async () => {
    const bytes = makeEpub({
      version: 2,
      chapters: {
        'cover.xhtml': '<div><img src="img/front.png" alt="cover"/></div>',
        'text.xhtml': '<p>Words.</p>',
      },
      files: { 'OEBPS/img/front.png': PNG },
      manifest: '<item id="front" href="img/front.png" media-type="image/png"/>',
      opfTail: '<guide><reference type="cover" href="cover.xhtml" title="Cover"/></guide>',
    });
    expect((await parseEpub(bytes)).cover?.href).toBe('OEBPS/img/front.png');
  });

  it('repairs malformed XHTML with the forgiving parser', async () => {
    const book = await parseEpub(
      makeEpub({ chapters: { 'a.xhtml': '<p>Unclosed <b>bold</p><p>Second & last</p>' } }),
    );
    expect(book.chapters[0]!.blocks.map((b) => b.text)).toEqual(['Unclosed <g1>bold</g1>', 'Second & last']);
  });
});

describe('parseEpub refusals', () => {
  const chapters = { 'a.xhtml': '<p>Text</p>' };

  it('refuses encrypted content and rights files as drm, but accepts font obfuscation', async () => {
    const encryption = (algorithm: string) =>
      `<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="${algorithm}"/><enc:CipherData><enc:CipherReference URI="OEBPS/a.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>`;
    const aes = makeEpub({
      chapters,
      files: { 'META-INF/encryption.xml': encryption('http://www.w3.org/2001/04/xmlenc#aes128-cbc') },
    });
    await expect(parseEpub(aes)).rejects.toThrow(code('drm'));
    const rights = makeEpub({ chapters, files: { 'META-INF/rights.xml': '<rights/>' } });
    await expect(parseEpub(rights)).rejects.toThrow(code('drm'));
    const fonts = makeEpub({
      chapters,
      files: { 'META-INF/encryption.xml': encryption('http://www.idpf.org/2008/embedding') },
    });
    await expect(parseEpub(fonts)).resolves.toMatchObject({ format: 'epub' });
  });

  it('refuses a DOCTYPE with entity declarations without expanding it', async () => {
    const prologue =
      '<?xml version="1.0"?><!DOCTYPE html [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><html xmlns="http://www.w3.org/1999/xhtml">';
    await expect(parseEpub(makeEpub({ chapters: { 'a.xhtml': '<p>&b;</p>' }, prologue }))).rejects.toThrow(
      code('doctype'),
    );
  });

  it('refuses absurdly deep nesting instead of overflowing the stack', async () => {
    const deep = `${'<div>'.repeat(5000)}text${'</div>'.repeat(5000)}`;
    await expect(parseEpub(makeEpub({ chapters: { 'a.xhtml': deep } }))).rejects.toThrow(code('too-complex'));
  });

  it('refuses zip slip entries, archive bombs, missing parts and empty books', async () => {
    await expect(parseEpub(makeEpub({ chapters, files: { '../../evil.sh': 'x' } }))).rejects.toThrow(
      code('unsafe-path'),
    );
    const bomb = makeEpub({ chapters, files: { 'OEBPS/big.css': new Uint8Array(8 * 1024 * 1024) } });
    await expect(parseEpub(bomb)).rejects.toThrow(code('archive-bomb'));
    await expect(
      parseEpub(makeEpub({ chapters: { 'a.xhtml': '<p> </p><div><img src="x.png" alt=""/></div>' } })),
    ).rejects.toThrow(code('no-text'));
  });
});

describe('malformed XHTML', () => {
  it('repairs unclosed void and inline elements and still splices translations in place', async () => {
    const { applyTranslation } = await import('./apply-translation');
    const { writeEpub } = await import('./write-epub');
    const bytes = makeEpub({
      chapters: { 'a.xhtml': '<p>One<br>two <b>bold</p>\n<p>Fish & chips</p>\n<p class="k">Last</p>' },
    });
    const book = await parseEpub(bytes);
    expect(book.chapters[0]!.blocks.map((b) => b.text)).toEqual([
      'One<x1/>two <g2>bold</g2>',
      'Fish & chips',
      'Last',
    ]);
    const out = await writeEpub(
      applyTranslation(book, new Map([['c1.b3', 'Fin']]), { targetLanguage: 'en' }),
    );
    const again = await parseEpub(out);
    expect(again.chapters[0]!.blocks.map((b) => b.text)).toEqual([
      'One<x1/>two <g2>bold</g2>',
      'Fish & chips',
      'Fin',
    ]);
  });
});
