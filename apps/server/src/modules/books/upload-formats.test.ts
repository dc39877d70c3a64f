import { outputFormats, sourceFormats } from '@booktranslate/contract';
import { bookFormats } from '@booktranslate/ebook';
import { describe, expect, it } from 'vitest';
import { knownUploadExtensions, uploadFormatsAdvice, zipFormatOfName } from './upload-formats';

describe("the contract's format lists", () => {
  it('name the formats the ebook table reads, with the same extensions, in the same order', () => {
    const read = bookFormats.map((row) => ({ id: row.id, name: row.name, extensions: row.extensions }));
    expect(sourceFormats.map(({ id, name, extensions }) => ({ id, name, extensions }))).toEqual(read);
  });

  it('name the formats the ebook table writes, with the extension and media type a written file gets', () => {
    const written = bookFormats
      .filter((row) => 'write' in row && row.write)
      .map((row) => ({
        id: row.id,
        extension: row.extensions[0],
        mediaType: row.mediaType,
        sameFormatOnly: 'sameFormatOnly' in row,
      }));
    expect(
      outputFormats.map((f) => ({
        id: f.id,
        extension: f.extensions[0],
        mediaType: f.mediaType,
        sameFormatOnly: 'sameFormatOnly' in f,
      })),
    ).toEqual(written);
    expect(outputFormats.every((f) => f.extensions.length === 1)).toBe(true);
  });
});

describe('upload formats', () => {
  it('know every listed extension by its last part', () => {
    expect([...knownUploadExtensions].sort()).toEqual([
      'azw',
      'azw3',
      'docx',
      'epub',
      'fb2',
      'markdown',
      'md',
      'mobi',
      'pdf',
      'prc',
      'txt',
      'zip',
    ]);
    expect(uploadFormatsAdvice).toBe('Upload an EPUB, FB2, PDF, DOCX, AZW3, MOBI, Markdown or TXT book.');
  });

  it('take a zip known by its head for the format its zipped extension names, else EPUB', () => {
    expect(zipFormatOfName('Besy.FB2.ZIP')).toBe('fb2');
    expect(zipFormatOfName('book.zip')).toBe('epub');
    expect(zipFormatOfName('book.epub')).toBe('epub');
    expect(zipFormatOfName('book.fb2')).toBe('epub');
    expect(zipFormatOfName('Report.DOCX')).toBe('docx');
  });
});
