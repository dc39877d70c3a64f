import { describe, expect, it } from 'vitest';
import { applyTranslation } from './apply-translation';
import type { Book } from './model';
import { parseEpub } from './parse-epub';
import { placeholderSignature } from './placeholders';
import { openZip } from './read-zip';
import { makeEpub } from './testing/make-epub';
import { changeTexts } from './testing/translate-all';
import { writeEpub } from './write-epub';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 8, 7]);
const source = () =>
  makeEpub({
    chapters: {
      'ch1.xhtml': `<h1 id="top">Chapter <i>One</i></h1>
<p id="p1">It was a <em>dark</em> night<a href="ch2.xhtml#n1" epub:type="noteref" id="r1">1</a>.</p>
<p><img src="pic.png" alt="pic"/> A caption-like line &amp; more.</p>
<ul><li>Item <b>one</b></li></ul>`,
      'ch2.xhtml':
        '<aside epub:type="footnote" id="n1"><p>A note <a href="ch1.xhtml#r1">back</a>.</p></aside>',
    },
    files: { 'OEBPS/pic.png': PNG },
    manifest: '<item id="pic" href="pic.png" media-type="image/png"/>',
  });

// Upper-cases the prose and keeps placeholders, as a stand-in for a translation.
const shout = (book: Book) => changeTexts(book, (text) => text.toUpperCase());

function files(bytes: Uint8Array): Map<string, Uint8Array> {
  const zip = openZip(bytes);
  return new Map(zip.entries.map((e) => [e.name, zip.read(e)]));
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('writeEpub from an EPUB source', () => {
  it('leaves every file byte-identical on an identity rewrite, mimetype first and stored', async () => {
    const input = source();
    const output = await writeEpub(await parseEpub(input));
    const before = files(input);
    const after = files(output);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [name, data] of before) expect(after.get(name), name).toEqual(data);
    const first = openZip(output).entries[0]!;
    expect([first.name, first.method]).toEqual(['mimetype', 0]);
  });

  it('changes only the text of a translation; round trip keeps blocks, text and placeholders', async () => {
    const input = source();
    const book = await parseEpub(input);
    const translated = applyTranslation(book, shout(book), {
      targetLanguage: 'es',
      title: 'LIBRO',
      labels: new Map([['Chapter 1', 'Capítulo 1']]),
    });
    const output = await writeEpub(translated);
    const before = files(input);
    const after = files(output);
    expect(after.get('OEBPS/pic.png')).toEqual(before.get('OEBPS/pic.png'));
    expect(after.get('OEBPS/style.css')).toEqual(before.get('OEBPS/style.css'));
    const again = await parseEpub(output);
    const a = translated.chapters.flatMap((c) => c.blocks);
    const b = again.chapters.flatMap((c) => c.blocks);
    expect(b.map((x) => x.id)).toEqual(a.map((x) => x.id));
    expect(b.map((x) => x.text)).toEqual(a.map((x) => x.text));
    expect(b.map((x) => placeholderSignature(x.text))).toEqual(a.map((x) => placeholderSignature(x.text)));
    expect(b.flatMap((x) => x.inlines.map((t) => t.href))).toEqual(
      a.flatMap((x) => x.inlines.map((t) => t.href)),
    );
    expect(again.metadata).toMatchObject({ language: 'es', title: 'LIBRO' });
    expect(again.toc[0]!.title).toBe('Capítulo 1');
    const ch1 = text(after.get('OEBPS/ch1.xhtml'));
    expect(ch1).toContain('<h1 id="top">CHAPTER <i>ONE</i></h1>');
    expect(ch1).toContain('<a href="ch2.xhtml#n1" epub:type="noteref" id="r1">1</a>');
    expect(ch1).toContain('lang="es" xml:lang="es"');
    expect(text(after.get('OEBPS/toc.ncx'))).toContain('<text>Capítulo 1</text>');
    expect(text(after.get('OEBPS/nav.xhtml'))).toContain('>Capítulo 1</a>');
  });

  it('sets right-to-left direction for Arabic on documents and the spine', async () => {
    const book = await parseEpub(source());
    const output = await writeEpub(applyTranslation(book, shout(book), { targetLanguage: 'ar' }));
    const after = files(output);
    expect(text(after.get('OEBPS/ch1.xhtml'))).toMatch(/<html [^>]*dir="rtl"/);
    expect(text(after.get('OEBPS/content.opf'))).toContain('page-progression-direction="rtl"');
  });

  it('writes bilingual layouts with the original marked by class and language, ids kept unique', async () => {
    const book = await parseEpub(source());
    const translated = applyTranslation(book, shout(book), { targetLanguage: 'de' });
    for (const layout of ['bilingual', 'bilingual-reverse'] as const) {
      const ch1 = text(files(await writeEpub(translated, { layout })).get('OEBPS/ch1.xhtml'));
      const t =
        '<p id="p1" class="bt-translation">IT WAS A <em>DARK</em> NIGHT<a href="ch2.xhtml#n1" epub:type="noteref" id="r1">1</a>.</p>';
      const o =
        '<p class="bt-original" lang="en" xml:lang="en">It was a <em>dark</em> night<a href="ch2.xhtml#n1" epub:type="noteref">1</a>.</p>';
      expect(ch1).toContain(layout === 'bilingual' ? t + o : o + t);
      expect(ch1).toContain('<span class="bt-original" lang="en" xml:lang="en">Item <b>one</b></span>');
      expect(ch1).toContain('.bt-original{');
      expect(ch1.match(/id="r1"/g)).toHaveLength(1);
    }
  });

  it('shows a block once in bilingual layouts when the translation is the original text', async () => {
    const book = await parseEpub(source());
    const heading = book.chapters[0]!.blocks[0]!;
    const translated = applyTranslation(book, new Map([[heading.id, heading.text]]), {
      targetLanguage: 'de',
    });
    const ch1 = text(files(await writeEpub(translated, { layout: 'bilingual' })).get('OEBPS/ch1.xhtml'));
    expect(ch1.match(/Chapter <i>One<\/i>/g)).toHaveLength(1);
    expect(ch1).not.toContain('bt-original');
  });

  it('puts the notice first in the spine', async () => {
    const book = await parseEpub(source());
    const output = await writeEpub(book, { notice: 'Only the first 5,000 words were translated.' });
    const after = files(output);
    expect(text(after.get('OEBPS/content.opf'))).toMatch(/<spine toc="ncx"><itemref idref="bt-notice"\/>/);
    expect(text(after.get('OEBPS/bt-notice.xhtml'))).toContain('Only the first 5,000 words were translated.');
    const again = await parseEpub(output);
    expect(again.chapters[0]!.blocks[0]!.text).toBe('Only the first 5,000 words were translated.');
  });
});

describe('writeEpub with UTF-16 content', () => {
  it('reads a UTF-16 document and writes it back as declared UTF-8', async () => {
    const xhtml =
      '\ufeff<?xml version="1.0" encoding="UTF-16"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body><p>Grüße</p></body></html>';
    const utf16 = new Uint8Array(Buffer.from(xhtml, 'utf16le'));
    const bytes = makeEpub({ chapters: { 'a.xhtml': '<p>x</p>' }, files: {} });
    const zip = openZip(bytes);
    const { writeZip } = await import('./write-zip');
    const patched = writeZip(
      zip.entries.map((e) => ({
        name: e.name,
        data: e.name === 'OEBPS/a.xhtml' ? utf16 : zip.read(e),
        store: e.name === 'mimetype',
      })),
    );
    const book = await parseEpub(patched);
    expect(book.chapters[0]!.blocks[0]!.text).toBe('Grüße');
    const out = await writeEpub(
      applyTranslation(book, new Map([['c1.b1', 'Grüße!']]), { targetLanguage: 'de' }),
    );
    const written = text(files(out).get('OEBPS/a.xhtml'));
    expect(written.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect((await parseEpub(out)).chapters[0]!.blocks[0]!.text).toBe('Grüße!');
  });
});

describe('writeEpub with legacy-encoded content', () => {
  it('reads a windows-1252 document and writes it back as declared UTF-8', async () => {
    const head =
      '<?xml version="1.0" encoding="windows-1252"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body><p>Caf';
    const legacy = new Uint8Array([
      ...new TextEncoder().encode(head),
      0xe9,
      ...new TextEncoder().encode(' cr'),
      0xe8,
      ...new TextEncoder().encode('me</p></body></html>'),
    ]);
    const zip = openZip(makeEpub({ chapters: { 'a.xhtml': '<p>x</p>' } }));
    const { writeZip } = await import('./write-zip');
    const patched = writeZip(
      zip.entries.map((e) => ({
        name: e.name,
        data: e.name === 'OEBPS/a.xhtml' ? legacy : zip.read(e),
        store: e.name === 'mimetype',
      })),
    );
    const book = await parseEpub(patched);
    expect(book.chapters[0]!.blocks[0]!.text).toBe('Café crème');
    const out = await writeEpub(
      applyTranslation(book, new Map([['c1.b1', 'Café crème!']]), { targetLanguage: 'fr' }),
    );
    expect(text(files(out).get('OEBPS/a.xhtml')).startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(
      true,
    );
    expect((await parseEpub(out)).chapters[0]!.blocks[0]!.text).toBe('Café crème!');
  });
});
