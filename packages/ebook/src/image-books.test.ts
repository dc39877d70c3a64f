import { describe, expect, it } from 'vitest';
import { countWords } from './count-words';
import { isEbookError } from './errors';
import { readBook } from './read-book';
import { makeEpub } from './testing/make-epub';
import { PNG_SIGNATURE as PNG, spineImageWithFallback } from './testing/make-heavy-books';

const svgPage = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 600 800"><image width="600" height="800" xlink:href="p${n}.png"/></svg>`;

// A picture book whose spine is SVG pages, each one drawn image.
const svgPictureBook = () =>
  makeEpub({
    chapters: {},
    files: {
      'OEBPS/s1.svg': svgPage(1),
      'OEBPS/s2.svg': svgPage(2),
      'OEBPS/p1.png': PNG,
      'OEBPS/p2.png': PNG,
    },
    manifest:
      '<item id="s1" href="s1.svg" media-type="image/svg+xml"/><item id="s2" href="s2.svg" media-type="image/svg+xml"/><item id="p1" href="p1.png" media-type="image/png"/><item id="p2" href="p2.png" media-type="image/png"/>',
    spine: '<itemref idref="s1"/><itemref idref="s2"/>',
  });

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error) => (isEbookError(error) ? `${error.code}: ${error.message}` : String(error)),
  );

const words = (book: Awaited<ReturnType<typeof readBook>>) =>
  book.chapters.flatMap((c) => c.blocks).reduce((sum, b) => sum + countWords(b.text), 0);

describe('books of images', () => {
  it('says a spine of SVG pages drawing only images has only images', async () => {
    expect(await refusal(readBook(svgPictureBook(), { filename: 'p.epub' }))).toMatch(
      /no-text: .*only images/,
    );
  });

  it('reads a book of images with 0 words when asked to (inspect)', async () => {
    const book = await readBook(svgPictureBook(), { filename: 'p.epub', emptyOk: true });
    expect(words(book)).toBe(0);
  });

  it('reads the XHTML fallback of an image in the spine, its description included', async () => {
    const book = await readBook(spineImageWithFallback(), { filename: 'f.epub' });
    const texts = book.chapters.flatMap((c) => c.blocks.map((b) => b.text));
    expect(texts).toContain('A map of the river with its seven bridges.');
  });
});
