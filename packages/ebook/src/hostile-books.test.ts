import { deepFb2, refusedBooks, spineRepeatBomb } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { parseFb2 } from './parse-fb2';
import { readBook } from './read-book';
import { openZip } from './read-zip';
import { makeEpub } from './testing/make-epub';
import { writeBook } from './write-book';
import { writeZip } from './write-zip';

const code = (c: string) => expect.objectContaining({ code: c });
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('hostile books are refused with a typed error, quickly', () => {
  it('refuses the spine that lists one 1 MiB chapter 300 times (issue 10), in well under a second', async () => {
    const { bytes, name } = spineRepeatBomb();
    expect(bytes.length).toBeLessThan(8 * 1024);
    const started = performance.now();
    await expect(readBook(bytes, { filename: name })).rejects.toThrow(code('archive-bomb'));
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads a chapter the spine lists many times once, under one id', async () => {
    // Real prose compresses a few times, under the ratio cap: only the repetition is hostile.
    const words = Array.from({ length: 40_000 }, (_, i) => `w${(i * 7919) % 10_007}`).join(' ');
    const bytes = makeEpub({
      chapters: { 'a.xhtml': `<p>${words}</p>` },
      // Two more manifest items naming the same file, and the spine listing all three many times.
      manifest:
        '<item id="again" href="a.xhtml" media-type="application/xhtml+xml"/>' +
        '<item id="alias" href="./a.xhtml" media-type="application/xhtml+xml"/>',
    });
    const refs = ['ch1', 'again', 'alias'].map((id) => `<itemref idref="${id}"/>`.repeat(300)).join('');
    const book = await readBook(
      editEntry(bytes, 'OEBPS/content.opf', (opf) =>
        opf.replace(/<spine([^>]*)>.*<\/spine>/s, `<spine$1>${refs}</spine>`),
      ),
    );
    expect(book.chapters.map((c) => c.id)).toEqual(['c1']);
    expect(book.chapters[0]?.blocks).toHaveLength(1);
    // The writer meets it once too.
    const written = await readBook(await writeBook(book, 'epub'));
    expect(written.chapters).toHaveLength(1);
  });

  it('counts what is really inflated, not what the archive declares', () => {
    const bytes = makeEpub({ chapters: { 'a.xhtml': `<p>${'text '.repeat(2000)}</p>` } });
    const zip = openZip(bytes, { maxInflatedBytes: 50_000 });
    const entry = zip.get('OEBPS/a.xhtml')!;
    expect(entry.size).toBeGreaterThan(10_000);
    for (let i = 0; i < Math.floor(50_000 / entry.size); i++) zip.read(entry);
    expect(() => zip.read(entry)).toThrow(code('archive-bomb'));
  });

  it.each(refusedBooks())('refuses %s', async (_label, book, expected) => {
    await expect(readBook(book.bytes, { filename: book.name })).rejects.toThrow(code(expected));
  });

  it('caps chapters and blocks in every format', async () => {
    const sections = '<section><p>x</p></section>'.repeat(10_001);
    const fb2 = `<?xml version="1.0"?><FictionBook><body>${sections}</body></FictionBook>`;
    await expect(parseFb2(utf8(fb2))).rejects.toThrow(code('too-complex'));
    const txt = utf8('word\n\n'.repeat(200_001));
    await expect(readBook(txt, { filename: 'many.txt' })).rejects.toThrow(code('too-complex'));
    // Varied paragraphs, so the ratio cap does not answer first.
    const paragraphs = Array.from({ length: 200_001 }, (_, i) => `<p>w${(i * 7919) % 100_003}</p>`);
    const epub = makeEpub({ chapters: { 'a.xhtml': paragraphs.join('') } });
    await expect(readBook(epub)).rejects.toThrow(code('too-complex'));
  });

  it('bounds nesting in malformed markup too (the lenient parsers)', async () => {
    const deep = `${'<div><b>'.repeat(5000)}text</i>${'</div>'.repeat(5000)}`;
    await expect(readBook(makeEpub({ chapters: { 'a.xhtml': deep } }))).rejects.toThrow(code('too-complex'));
    const fb2 = `<?xml version="1.0"?><FictionBook><body>${'<section><p>x</i></p>'.repeat(5000)}${'</section>'.repeat(5000)}</body></FictionBook>`;
    await expect(parseFb2(utf8(fb2))).rejects.toThrow(code('too-complex'));
  });

  it('still reads sections nested as deep as the cap allows, without overflowing the stack', async () => {
    const book = await parseFb2(deepFb2(250).bytes);
    expect(book.chapters.flatMap((c) => c.blocks)).toHaveLength(250);
    const fb2 = await writeBook(book, 'fb2');
    expect((await parseFb2(fb2)).chapters.flatMap((c) => c.blocks)).toHaveLength(250);
  });
});

function editEntry(bytes: Uint8Array, name: string, edit: (text: string) => string): Uint8Array {
  const zip = openZip(bytes);
  return writeZip(
    zip.entries.map((e) => ({
      name: e.name,
      data: e.name === name ? utf8(edit(new TextDecoder().decode(zip.read(e)))) : zip.read(e),
      store: e.name === 'mimetype',
    })),
  );
}
