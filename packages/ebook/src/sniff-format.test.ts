import { readFileSync } from 'node:fs';
import path from 'node:path';
import { corpusFiles, corpusMissingReason } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { sniffFormat } from './sniff-format';
import { writeZip } from './write-zip';

const enc = (s: string) => new TextEncoder().encode(s);

describe('sniffFormat', () => {
  it('recognises EPUB, zipped FB2, FB2 and text from the bytes', () => {
    const epub = writeZip([
      { name: 'mimetype', data: enc('application/epub+zip'), store: true },
      { name: 'a.xhtml', data: enc('<html/>') },
    ]);
    expect(sniffFormat(epub, 'book.txt')).toBe('epub');
    expect(sniffFormat(writeZip([{ name: 'book.fb2', data: enc('<FictionBook/>') }]))).toBe('fb2');
    expect(sniffFormat(enc('<?xml version="1.0"?>\n<FictionBook xmlns="x"><body/></FictionBook>'))).toBe(
      'fb2',
    );
    expect(sniffFormat(enc('Chapter 1\n\nIt was a dark night.'))).toBe('txt');
    expect(sniffFormat(new Uint8Array([0xff, 0xfe, 0x41, 0, 0x42, 0]))).toBe('txt');
  });

  it('refuses binaries, foreign XML and entity declarations with typed errors', () => {
    expect(() => sniffFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2, 3]))).toThrow(
      expect.objectContaining({ code: 'wrong-format' }),
    );
    expect(() => sniffFormat(enc('<?xml version="1.0"?><svg/>'))).toThrow(
      expect.objectContaining({ code: 'wrong-format' }),
    );
    expect(() => sniffFormat(enc('<!DOCTYPE b [<!ENTITY a "aaaa">]><b>&a;</b>'))).toThrow(
      expect.objectContaining({ code: 'doctype' }),
    );
    expect(() => sniffFormat(writeZip([{ name: 'x.png', data: enc('png') }]))).toThrow(
      expect.objectContaining({ code: 'wrong-format' }),
    );
  });
});

const corpusReason = corpusMissingReason();
describe.skipIf(corpusReason)('sniffFormat over the corpus', () => {
  it('names every corpus file by its bytes, whatever its extension says', () => {
    for (const file of corpusFiles()) {
      const name = path.basename(file);
      const bytes = new Uint8Array(readFileSync(file));
      if (name === 'bad-xml-billion-laughs.xml') {
        expect(() => sniffFormat(bytes, 'book.fb2')).toThrow(expect.objectContaining({ code: 'doctype' }));
        continue;
      }
      if (name === 'bad-epub-corrupt-zip-entry.epub') {
        expect(() => sniffFormat(bytes, name)).toThrow(expect.objectContaining({ code: 'corrupt' }));
        continue;
      }
      const expected = name.endsWith('.epub') ? 'epub' : name.endsWith('.fb2') ? 'fb2' : 'txt';
      expect(sniffFormat(bytes, 'upload.bin'), name).toBe(expected);
    }
  });
});
