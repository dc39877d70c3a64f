import { describe, expect, it } from 'vitest';
import {
  formatNames,
  outputFormatIds,
  sourceAccept,
  sourceFormatIds,
  sourceFormatOfName,
  sourceFormats,
} from './formats';
import { DownloadQuery, SourceFormat } from './translations';

describe('format lists', () => {
  it('give the upload picker its accept list and a sentence of names', () => {
    expect(sourceAccept).toBe('.epub,.fb2,.fb2.zip,.txt');
    expect(formatNames(sourceFormats)).toBe('EPUB, FB2 or TXT');
  });

  it('name an upload by its longest extension, whatever its case', () => {
    expect(sourceFormatOfName('Besy.FB2.zip')).toBe('fb2');
    expect(sourceFormatOfName('alice.epub')).toBe('epub');
    expect(sourceFormatOfName('notes.TXT')).toBe('txt');
    expect(sourceFormatOfName('book.zip')).toBeUndefined();
    expect(sourceFormatOfName('book.pdf')).toBeUndefined();
  });

  it('are the enums the schemas check', () => {
    expect(SourceFormat.options).toEqual(sourceFormatIds);
    expect(DownloadQuery.shape.file_format.options).toEqual(outputFormatIds);
    expect(DownloadQuery.safeParse({ file_format: 'pdf' }).success).toBe(false);
  });
});
