import { describe, expect, it } from 'vitest';
import { readBook } from './read-book';
import { openZip } from './read-zip';
import { dtbookEpub } from './testing/dtbook-epub';
import { translateAll } from './testing/translate-all';
import { writeBook } from './write-book';

describe('DTBook content in EPUB 2', () => {
  it('is read, with headings, lists and verse, page numbers left out', async () => {
    const book = await readBook(dtbookEpub(), { filename: 'd.epub' });
    const blocks = book.chapters.flatMap((c) => c.blocks.map((b) => [b.kind, b.text]));
    expect(blocks).toEqual([
      ['paragraph', 'Test Book'],
      ['heading', 'The First Chapter'],
      ['paragraph', 'It was a <g1>dark</g1> night<x2/> and the wind blew.'],
      ['list-item', 'One thing'],
      ['list-item', 'Another thing'],
      ['poem-line', 'Roses are red'],
      ['poem-line', 'violets are blue'],
    ]);
  });

  it('is translated in place and reaches TXT', async () => {
    const book = translateAll(
      await readBook(dtbookEpub(), { filename: 'd.epub' }),
      (s) => s.toUpperCase(),
      'de',
    );
    const epub = await writeBook(book, 'epub');
    const zip = openZip(epub);
    const xml = new TextDecoder().decode(zip.read(zip.get('OEBPS/book.xml')!));
    expect(xml).toContain(
      '<p>IT WAS A <em>DARK</em> NIGHT<pagenum page="normal" id="page2">2</pagenum> AND THE WIND BLEW.</p>',
    );
    expect(xml).toMatch(/<dtbook [^>]*xml:lang="de"/);
    const txt = new TextDecoder().decode(await writeBook(book, 'txt'));
    expect(txt).toContain('ROSES ARE RED\nVIOLETS ARE BLUE');
  });
});
