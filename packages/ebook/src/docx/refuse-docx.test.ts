import { makeTinyDocx } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { readBook } from '../read-book';
import { openZip } from '../read-zip';
import { sniffFormat } from '../sniff-format';
import { writeZip } from '../write-zip';
import { parseDocx } from './parse-docx';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const documentXml = (body: string, head = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>${head}<w:document ${W}><w:body>${body}</w:body></w:document>`;
const withDocument = (xml: string) => makeTinyDocx({ extra: { 'word/document.xml': xml } });

// An OLE2 compound file: the signature, then (somewhere) the directory entry names.
function ole2(...names: string[]): Uint8Array {
  const bytes = new Uint8Array(2048);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  let at = 1024;
  for (const name of names) {
    const utf16 = new Uint8Array([...name].flatMap((char) => [char.charCodeAt(0), 0]));
    bytes.set(utf16, at);
    at += 128;
  }
  return bytes;
}

describe('DOCX refusals', () => {
  it('refuses a password-protected DOCX as encrypted, and still an old .doc as an old .doc', () => {
    const encrypted = ole2('EncryptionInfo', 'EncryptedPackage');
    expect(() => sniffFormat(encrypted, 'secret.docx')).toThrow(/password-protected.*without a password/);
    expect(() => sniffFormat(encrypted, 'secret.docx')).toThrow(
      expect.objectContaining({ code: 'encrypted' }),
    );
    expect(() => sniffFormat(ole2('WordDocument'), 'old.doc')).toThrow(/old Word \.doc/);
  });

  it('refuses a damaged document part, a missing one and a missing content types part as corrupt', async () => {
    await expect(parseDocx(withDocument(documentXml('<w:p><w:r><w:t>open')))).rejects.toMatchObject({
      code: 'corrupt',
      message: expect.stringContaining('word/document.xml'),
    });
    const zip = openZip(makeTinyDocx());
    const without = (name: string) =>
      writeZip(
        zip.entries.filter((e) => e.name !== name).map((e) => ({ name: e.name, copy: e, raw: zip.raw(e) })),
      );
    await expect(parseDocx(without('[Content_Types].xml'))).rejects.toMatchObject({ code: 'corrupt' });
    await expect(parseDocx(without('word/document.xml'))).rejects.toMatchObject({ code: 'corrupt' });
    await expect(parseDocx(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('refuses entity declarations unread', async () => {
    const head = '<!DOCTYPE w:document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>';
    await expect(
      parseDocx(withDocument(documentXml('<w:p><w:r><w:t>&b;</w:t></w:r></w:p>', head))),
    ).rejects.toMatchObject({
      code: 'doctype',
    });
  });

  it('refuses a paragraph of more runs than any prose has, and nesting past the cap, as too-complex', async () => {
    const runs = '<w:r><w:t>a</w:t></w:r>'.repeat(60_000);
    // Repeated runs compress a thousandfold: the ratio cap, which would refuse them first, is lifted.
    const limits = { maxRatio: 100_000 };
    await expect(
      parseDocx(withDocument(documentXml(`<w:p>${runs}</w:p>`)), { limits }),
    ).rejects.toMatchObject({
      code: 'too-complex',
    });
    const deep = `${'<w:sdt><w:sdtContent>'.repeat(300)}<w:p><w:r><w:t>deep</w:t></w:r></w:p>${'</w:sdtContent></w:sdt>'.repeat(300)}`;
    await expect(parseDocx(withDocument(documentXml(deep)))).rejects.toMatchObject({ code: 'too-complex' });
  });

  it('applies the archive caps it is given, and refuses a document without words', async () => {
    await expect(parseDocx(makeTinyDocx(), { limits: { maxEntries: 3 } })).rejects.toMatchObject({
      code: 'archive-bomb',
    });
    const blank = makeTinyDocx({ body: '<w:p><w:r><w:t>  </w:t></w:r></w:p>', footnotes: '' });
    await expect(parseDocx(blank)).rejects.toMatchObject({
      code: 'no-text',
    });
  });

  it('is found by its bytes and read by readBook whatever its name', async () => {
    const bytes = makeTinyDocx();
    expect(sniffFormat(bytes, 'book.zip')).toBe('docx');
    expect((await readBook(bytes)).format).toBe('docx');
  });
});
