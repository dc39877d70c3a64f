import { makeTinyEpub, makeTinyFb2, makeTinyTxt } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { bookFormats, formatRow, writableFormats } from './format-table';
import { readBook } from './read-book';
import { sniffFormat } from './sniff-format';
import { writeBook } from './write-book';

const samples = { epub: makeTinyEpub(), fb2: makeTinyFb2(), txt: makeTinyTxt() };

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
      const bytes = samples[row.id];
      expect(sniffFormat(bytes, `book${row.extensions[0]}`)).toBe(row.id);
      expect((await readBook(bytes)).format).toBe(row.id);
    }
  });

  it('what a row writes is sniffed as that row and read back by its reader', async () => {
    const book = await readBook(samples.epub);
    for (const id of writableFormats) {
      const written = await writeBook(book, id);
      expect(sniffFormat(written), id).toBe(id);
      const again = await readBook(written);
      expect(again.format).toBe(id);
    }
  });
});
