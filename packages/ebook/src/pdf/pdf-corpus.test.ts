import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { corpusDir, corpusFormatsDir, corpusFormatsMissingReason } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { countWords } from '../count-words';
import type { Book } from '../model';
import { readBook } from '../read-book';
import { readableText } from '../readable-text';

const PDFTOTEXT = '/usr/bin/pdftotext';

async function read(dir: string, name: string): Promise<Book> {
  return readBook(new Uint8Array(await readFile(path.join(dir, name))), { filename: name });
}

/** Words and blocks that hold any, counted as the rest of the product counts them. */
function measure(book: Book): { words: number; blocks: number } {
  let words = 0;
  let blocks = 0;
  for (const chapter of book.chapters) {
    for (const block of chapter.blocks) {
      const count = countWords(readableText(block.text, block.inlines));
      words += count;
      if (count > 0) blocks++;
    }
  }
  return { words, blocks };
}

/** The words poppler's pdftotext finds, counted the same way; null where it is not installed. */
function pdftotextWords(name: string): number | null {
  if (!existsSync(PDFTOTEXT)) {
    console.log(`pdftotext comparison skipped: ${PDFTOTEXT} is absent (apt-get install poppler-utils)`);
    return null;
  }
  const text = execFileSync(PDFTOTEXT, ['-enc', 'UTF-8', path.join(corpusFormatsDir, name), '-'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return countWords(text);
}

describe.skipIf(corpusFormatsMissingReason())('PDF corpus', () => {
  it('reads Alice (calibre): the words pdftotext finds, the EPUB paragraphs, its chapters by the outline', async () => {
    const name = 'en-alice-wonderland-calibre.pdf';
    const book = await read(corpusFormatsDir, name);
    const { words, blocks } = measure(book);
    const expected = pdftotextWords(name);
    const source = measure(await read(corpusDir, 'en-alice-wonderland-epub3-images.epub'));
    console.log(`${name}: ${words} words (pdftotext ${expected}), ${blocks} blocks (EPUB ${source.blocks})`);
    if (expected !== null) expect(words).toBeGreaterThanOrEqual(expected * 0.97);
    expect(Math.abs(blocks - source.blocks)).toBeLessThanOrEqual(source.blocks * 0.05);
    expect(book.metadata).toMatchObject({
      title: "Alice's Adventures in Wonderland",
      authors: ['Lewis Carroll'],
    });
    expect(book.toc.map((entry) => entry.title)).toContain('Down The Rabbit-Hole');
    const text = book.chapters.flatMap((c) => c.blocks.map((b) => b.text)).join('\n');
    // The drop cap joins its word, and a paragraph runs on over a page break.
    expect(text).toContain('Alice was beginning to get very tired of sitting by her sister on the bank');
    expect(book.textlessPages).toContain(1);
  });

  it('reads the Waste Land (calibre): its lines and its notes, line numbers left out', async () => {
    const name = 'en-wasteland-eliot-calibre.pdf';
    const book = await read(corpusFormatsDir, name);
    const { words } = measure(book);
    const expected = pdftotextWords(name);
    console.log(`${name}: ${words} words (pdftotext ${expected})`);
    if (expected !== null) expect(words).toBeGreaterThanOrEqual(expected * 0.97);
    const texts = book.chapters.flatMap((c) => c.blocks.map((b) => b.text));
    expect(texts).toContain('April is the cruellest month, breeding');
    expect(texts).toContain('And went on in sunlight, into the Hofgarten,');
    expect(texts.some((t) => t.includes('Miss Jessie L. Weston'))).toBe(true);
  });

  it('reads Bulgakov (LibreOffice): every Russian word, the TXT paragraphs', async () => {
    const name = 'ru-bulgakov-zapiski-libreoffice.pdf';
    const book = await read(corpusFormatsDir, name);
    const { words, blocks } = measure(book);
    const expected = pdftotextWords(name);
    const source = measure(await read(corpusDir, 'ru-bulgakov-zapiski-yunogo-vracha-cp1251.txt'));
    console.log(
      `${name}: ${words} words (pdftotext ${expected}, TXT ${source.words}), ${blocks} blocks (TXT ${source.blocks})`,
    );
    if (expected !== null) expect(words).toBeGreaterThanOrEqual(expected * 0.97);
    expect(words).toBeGreaterThanOrEqual(source.words * 0.97);
    expect(Math.abs(blocks - source.blocks)).toBeLessThanOrEqual(source.blocks * 0.05);
  });

  it('refuses the scanned Alice (no text layer) and the encrypted one', async () => {
    await expect(read(corpusFormatsDir, 'en-alice-wonderland-scanned-images.pdf')).rejects.toThrow(
      expect.objectContaining({ code: 'scanned' }),
    );
    await expect(read(corpusFormatsDir, 'en-alice-wonderland-encrypted.pdf')).rejects.toThrow(
      expect.objectContaining({ code: 'encrypted' }),
    );
  });
});
