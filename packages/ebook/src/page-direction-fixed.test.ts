import { describe, expect, it } from 'vitest';
import { readBook } from './read-book';
import { openZip } from './read-zip';
import { makeEpub, type TestEpub } from './testing/make-epub';
import { translateAll } from './testing/translate-all';
import { writeBook } from './write-book';

const opfOf = (bytes: Uint8Array) => {
  const zip = openZip(bytes);
  return new TextDecoder().decode(zip.read(zip.get('OEBPS/content.opf')!));
};
const spineOf = async (spec: Omit<TestEpub, 'chapters'>, to: string) => {
  const source = makeEpub({ language: 'ja', chapters: { 'p1.xhtml': '<p>こんにちは</p>' }, ...spec });
  const book = translateAll(await readBook(source, { filename: 'm.epub' }), (s) => `${s}!`, to);
  return /<spine[^>]*>/.exec(opfOf(await writeBook(book, 'epub')))?.[0];
};

describe('page-progression-direction of a translated book', () => {
  it('keeps the source direction and spreads of a pre-paginated book', async () => {
    const spine = await spineOf(
      {
        metadata:
          '<meta property="rendition:layout">pre-paginated</meta><meta property="rendition:spread">landscape</meta>',
        spineAttrs: 'page-progression-direction="rtl"',
      },
      'en',
    );
    expect(spine).toContain('page-progression-direction="rtl"');
  });

  it('keeps it for a book written vertically', async () => {
    const spine = await spineOf(
      {
        spineAttrs: 'page-progression-direction="rtl"',
        files: { 'OEBPS/v.css': 'html { -epub-writing-mode: vertical-rl; writing-mode: vertical-rl }' },
        manifest: '<item id="v" href="v.css" media-type="text/css"/>',
      },
      'en',
    );
    expect(spine).toContain('page-progression-direction="rtl"');
  });

  it('keeps rtl through a plain convert and a translation of a book whose language does not explain it', async () => {
    const source = makeEpub({
      language: 'en',
      chapters: { 'p1.xhtml': '<p>Pages turn from the right.</p>' },
      spineAttrs: 'page-progression-direction="rtl"',
    });
    const book = await readBook(source, { filename: 'w3c.epub' });
    const spineIn = (bytes: Uint8Array) => /<spine[^>]*>/.exec(opfOf(bytes))?.[0];
    expect(spineIn(await writeBook(book, 'epub'))).toContain('page-progression-direction="rtl"');
    const german = translateAll(book, (s) => `${s}!`, 'de');
    expect(spineIn(await writeBook(german, 'epub'))).toContain('page-progression-direction="rtl"');
  });

  it('follows the target language for a reflowable horizontal book', async () => {
    const spine = await spineOf({ spineAttrs: 'page-progression-direction="rtl"' }, 'en');
    expect(spine).toContain('page-progression-direction="ltr"');
  });
});
