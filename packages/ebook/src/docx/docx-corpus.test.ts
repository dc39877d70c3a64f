import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  compareBags,
  corpusDir,
  corpusFormatsDir,
  corpusFormatsMissingReason,
  corpusMissingReason,
  wordBag,
} from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { countWords } from '../count-words';
import type { Book } from '../model';
import { readBook } from '../read-book';
import { readableText } from '../readable-text';
import { parseDocx } from './parse-docx';

/** Each DOCX of corpus-formats and the corpus book it was made from (see both MANIFEST.md). */
const CASES = [
  ['en-sherlock-holmes-calibre.docx', 'en-sherlock-holmes-adventures-epub3-se-large.epub'],
  ['en-devils-dictionary-pandoc.docx', 'en-devils-dictionary-bierce-epub3-se-inline-markup.epub'],
  ['ru-bulgakov-zapiski-libreoffice.docx', 'ru-bulgakov-zapiski-yunogo-vracha-cp1251.txt'],
] as const;

const missing = corpusFormatsMissingReason() ?? corpusMissingReason();
if (missing) console.log(`docx corpus: ${missing}`);

// The same text on both sides: blocks as a reader shows them, line breaks as spaces.
function bookText(book: Book): string[] {
  return book.chapters.flatMap((c) => c.blocks.map((b) => readableText(b.text, b.inlines)));
}

describe.skipIf(missing !== null)('DOCX corpus', () => {
  for (const [docx, origin] of CASES) {
    it(`reads ${docx}: at least 99% of the words of ${origin}`, async () => {
      const source = await readBook(new Uint8Array(readFileSync(path.join(corpusDir, origin))), {
        filename: origin,
      });
      const started = performance.now();
      const book = await parseDocx(new Uint8Array(readFileSync(path.join(corpusFormatsDir, docx))), {
        filename: docx,
      });
      const seconds = (performance.now() - started) / 1000;
      const ours = bookText(book);
      const theirs = bookText(source);
      const words = ours.reduce((sum, text) => sum + countWords(text), 0);
      const sourceWords = theirs.reduce((sum, text) => sum + countWords(text), 0);
      const bags = compareBags(wordBag(theirs.join('\n')), wordBag(ours.join('\n')));
      console.log(
        JSON.stringify({
          docx,
          words,
          sourceWords,
          kept: `${((100 * bags.kept) / bags.total).toFixed(2)}%`,
          paragraphs: ours.length,
          sourceParagraphs: theirs.length,
          chapters: book.chapters.length,
          seconds: Number(seconds.toFixed(2)),
          mostMissed: bags.missing.slice(0, 5),
        }),
      );
      expect(words).toBeGreaterThanOrEqual(0.99 * sourceWords);
      expect(bags.kept).toBeGreaterThanOrEqual(0.99 * bags.total);
      expect(book.toc.length > 0 || origin.endsWith('.txt')).toBe(true);
    });
  }
});
