import {
  makeTinyDocx,
  makeTinyEpub,
  makeTinyFb2,
  makeTinyMarkdown,
  makeTinyMobi,
  makeTinyPdf,
  makeTinyTxt,
} from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { bookFormats, formatRow, outputFormatsFor, writableFormats } from './format-table';
import type { BookFormat } from './model';
import { readBook } from './read-book';
import { sniffFormat } from './sniff-format';
import { writeBook } from './write-book';

const samples: Record<BookFormat, () => Uint8Array> = {
  epub: makeTinyEpub,
  fb2: makeTinyFb2,
  txt: makeTinyTxt,
  pdf: makeTinyPdf,
  docx: makeTinyDocx,
  azw3: makeTinyMobi,
  mobi: makeTinyMobi,
  md: makeTinyMarkdown,
};

describe('the format table', () => {
  it('has one row per format, each with lower-case dotted extensions', () => {
    const ids = bookFormats.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of bookFormats) {
      expect(row.extensions.length).toBeGreaterThan(0);
      for (const extension of row.extensions) expect(extension).toMatch(/^(\.[a-z0-9]+)+$/);
      expect(formatRow(row.id)).toBe(row);
    }
  });

  it("names each sample by its own row and reads it with that row's reader", async () => {
    for (const row of bookFormats) {
      const bytes = samples[row.id]();
      const filename = `book${row.extensions[0]}`;
      expect(sniffFormat(bytes, filename)).toBe(row.id);
      expect((await readBook(bytes, { filename })).format).toBe(row.id);
    }
  });

  it('what a row writes is sniffed as that row and read back by its reader', async () => {
    const book = await readBook(samples.epub());
    for (const id of writableFormats) {
      const written = await writeBook(book, id);
      expect(sniffFormat(written), id).toBe(id);
      const again = await readBook(written);
      expect(again.format).toBe(id);
    }
  });

  it('writes DOCX and Markdown only from a book of the same format', async () => {
    expect(outputFormatsFor('docx')).toEqual([...writableFormats, 'docx']);
    expect(outputFormatsFor('md')).toEqual([...writableFormats, 'md']);
    expect(outputFormatsFor('pdf')).toEqual(writableFormats);
    const epub = await readBook(samples.epub());
    await expect(writeBook(epub, 'docx')).rejects.toThrow(/only from a DOCX book/);
    for (const id of ['docx', 'md'] as const) {
      const filename = `book${formatRow(id).extensions[0]}`;
      const book = await readBook(samples[id](), { filename });
      const written = await writeBook(book, id);
      expect(sniffFormat(written, filename)).toBe(id);
      expect((await readBook(written, { filename })).chapters.length).toBeGreaterThan(0);
    }
  });
});
