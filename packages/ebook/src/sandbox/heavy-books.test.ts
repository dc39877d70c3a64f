import { describe, expect, it } from 'vitest';
import { countWords } from '../count-words';
import { isEbookError } from '../errors';
import { readBook } from '../read-book';
import { makeEpub } from '../testing/make-epub';
import { illustratedBook, mathTextbook } from '../testing/make-heavy-books';
import { openBookSandbox } from './book-sandbox';

const words = (book: { chapters: { blocks: { text: string }[] }[] }) =>
  book.chapters.flatMap((c) => c.blocks).reduce((sum, b) => sum + countWords(b.text), 0);

// Reading memory follows the book's text: formulas and images cost what their words do, not what
// their markup and bytes do. Both books are read in the sandbox with its default budget.
describe('books heavy in formulas or images, within the default budget', () => {
  it('reads a textbook of 3,800 MathML formulas, keeps each formula and writes it back', async () => {
    const sandbox = await openBookSandbox(
      mathTextbook({ formulas: 3800, cells: 6, alttext: 'Alternative text not available' }),
      { filename: 'la.epub' },
    );
    try {
      const formulas = sandbox.book.chapters
        .flatMap((c) => c.blocks.flatMap((b) => b.inlines))
        .filter((t) => t.tag === 'math');
      expect(formulas).toHaveLength(3800);
      // Their symbols cross to the caller, their markup stays in the sandbox with the source.
      expect(formulas.every((tag) => tag.alt && tag.raw === undefined)).toBe(true);
      const translated = {
        ...sandbox.book,
        metadata: { ...sandbox.book.metadata, language: 'de' },
        chapters: sandbox.book.chapters.map((c) => ({
          ...c,
          blocks: c.blocks.map((b) => ({ ...b, text: b.text.replace('solutions', 'LÖSUNGEN') })),
        })),
      };
      const epub = await readBook(await sandbox.write(translated, 'epub'), { filename: 'de.epub' });
      const written = epub.chapters.flatMap((c) => c.blocks.flatMap((b) => b.inlines));
      expect(written.filter((t) => t.raw?.includes('<mtable columnalign="left">'))).toHaveLength(3800);
    } finally {
      await sandbox.close();
    }
  }, 60_000);

  it('reads and writes an illustrated book of 10 MB of images', async () => {
    const sandbox = await openBookSandbox(illustratedBook({ megabytes: 10, images: 100 }), {
      filename: 'm.epub',
    });
    try {
      expect(words(sandbox.book)).toBeGreaterThan(1000);
      for (const format of ['epub', 'fb2', 'txt'] as const)
        expect((await sandbox.write(sandbox.book, format)).length).toBeGreaterThan(1000);
    } finally {
      await sandbox.close();
    }
  }, 60_000);

  it('still refuses a formula past the text bound', async () => {
    // Letters that do not compress, so the archive's ratio cap is not what refuses it.
    let seed = 7;
    const letters = Array.from({ length: 10_000_001 }, () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return String.fromCharCode(97 + (seed >>> 27));
    }).join('');
    const bomb = makeEpub({
      properties: { 'f.xhtml': 'mathml' },
      chapters: {
        'f.xhtml': `<p>So <math xmlns="http://www.w3.org/1998/Math/MathML"><mtext>${letters}</mtext></math>.</p>`,
      },
    });
    const error = await readBook(bomb, { filename: 'f.epub' }).catch((e) => e);
    expect(isEbookError(error) ? `${error.code}: ${error.message}` : String(error)).toMatch(/^too-complex/);
  }, 60_000);
});
