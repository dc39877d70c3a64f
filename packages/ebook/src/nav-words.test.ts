import { describe, expect, it } from 'vitest';
import { applyTranslation } from './apply-translation';
import { readBook } from './read-book';
import { openZip } from './read-zip';
import { makeEpub } from './testing/make-epub';
import { changeTexts } from './testing/translate-all';
import { writeBook } from './write-book';

const NAV = `<nav epub:type="toc" id="toc"><h1>Contents</h1><ol><li><a href="ch1.xhtml">The Beginning</a></li></ol></nav>
<nav epub:type="landmarks" hidden=""><h2>Landmarks</h2><ol><li><a epub:type="toc" href="nav.xhtml#toc">Table of Contents</a></li><li><a epub:type="bodymatter" href="ch1.xhtml">Begin Reading</a></li></ol></nav>
<nav epub:type="page-list" hidden=""><h2>Page Navigation</h2><ol><li><a href="ch1.xhtml#p1">1</a></li></ol></nav>`;

const UPPER = new Map(
  ['The Beginning', 'Contents', 'Landmarks', 'Table of Contents', 'Begin Reading', 'Page Navigation'].map(
    (text) => [text, text.toUpperCase()],
  ),
);

describe("the navigation document's own words", () => {
  it('are read besides the TOC and written back translated: headings of every nav and landmarks', async () => {
    const book = await readBook(
      makeEpub({ chapters: { 'ch1.xhtml': '<h1>The Beginning</h1><p id="p1">Text.</p>' }, navBody: NAV }),
      { filename: 'n.epub' },
    );
    expect(book.navLabels).toEqual([
      'Contents',
      'Landmarks',
      'Table of Contents',
      'Begin Reading',
      'Page Navigation',
    ]);
    const german = applyTranslation(
      book,
      changeTexts(book, (s) => s.toUpperCase()),
      {
        targetLanguage: 'de',
        labels: UPPER,
      },
    );
    const zip = openZip(await writeBook(german, 'epub'));
    const nav = new TextDecoder().decode(zip.read(zip.get('OEBPS/nav.xhtml')!));
    for (const text of UPPER.values()) expect(nav).toContain(`>${text}</`);
    expect(nav).toContain('<a href="ch1.xhtml#p1">1</a>');
  });
});
