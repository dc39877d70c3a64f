import { describe, expect, it } from 'vitest';
import {
  formatNames,
  outputFormatIds,
  outputFormatsOf,
  sourceAccept,
  sourceFormatIds,
  sourceFormatOfName,
  sourceFormats,
} from './formats';
import { DownloadQuery, SourceFormat } from './translations';

describe('format lists', () => {
  it('give the upload picker its accept list and a sentence of names', () => {
    expect(sourceAccept).toBe('.epub,.fb2,.fb2.zip,.pdf,.docx,.azw3,.azw,.mobi,.prc,.md,.markdown,.txt');
    expect(formatNames(sourceFormats)).toBe('EPUB, FB2, PDF, DOCX, AZW3, MOBI, Markdown or TXT');
  });

  it('name an upload by its longest extension, whatever its case', () => {
    expect(sourceFormatOfName('Besy.FB2.zip')).toBe('fb2');
    expect(sourceFormatOfName('alice.epub')).toBe('epub');
    expect(sourceFormatOfName('notes.TXT')).toBe('txt');
    expect(sourceFormatOfName('book.zip')).toBeUndefined();
    expect(sourceFormatOfName('book.pdf')).toBe('pdf');
    expect(sourceFormatOfName('Kindle.AZW')).toBe('azw3');
    expect(sourceFormatOfName('notes.markdown')).toBe('md');
    expect(sourceFormatOfName('old.doc')).toBeUndefined();
  });

  it('offer DOCX and Markdown downloads only for books uploaded in them', () => {
    const ids = (source: string) => outputFormatsOf(source).map((f) => f.id);
    expect(ids('epub')).toEqual(['epub', 'fb2', 'txt']);
    expect(ids('pdf')).toEqual(['epub', 'fb2', 'txt']);
    expect(ids('docx')).toEqual(['epub', 'fb2', 'docx', 'txt']);
    expect(ids('md')).toEqual(['epub', 'fb2', 'md', 'txt']);
  });

  it('are the enums the schemas check', () => {
    expect(SourceFormat.options).toEqual(sourceFormatIds);
    expect(DownloadQuery.shape.file_format.options).toEqual(outputFormatIds);
    expect(DownloadQuery.safeParse({ file_format: 'pdf' }).success).toBe(false);
    expect(DownloadQuery.safeParse({ file_format: 'docx' }).success).toBe(true);
  });
});
