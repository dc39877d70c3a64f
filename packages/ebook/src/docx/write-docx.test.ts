import { makeTinyDocx } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { applyTranslation } from '../apply-translation';
import type { Block, Book } from '../model';
import { openZip } from '../read-zip';
import { translateAll } from '../testing/translate-all';
import { parseXml } from '../xml-dom';
import { parseDocx } from './parse-docx';
import { writeDocx } from './write-docx';

const decoder = new TextDecoder();
const allBlocks = (book: Book): Block[] => book.chapters.flatMap((chapter) => chapter.blocks);
const part = (bytes: Uint8Array, name: string) => {
  const zip = openZip(bytes);
  const entry = zip.get(name);
  if (!entry) throw new Error(`no ${name}`);
  return decoder.decode(zip.read(entry));
};
const find = (book: Book, words: string) => {
  const block = allBlocks(book).find((b) => b.text.includes(words));
  if (!block) throw new Error(`no block with "${words}"`);
  return block;
};
const translateOne = (book: Book, words: string, text: string, targetLanguage = 'en') =>
  applyTranslation(book, new Map([[find(book, words).id, text]]), { targetLanguage });
const run = (text: string, rPr = '') =>
  `<w:r>${rPr && `<w:rPr>${rPr}</w:rPr>`}<w:t xml:space="preserve">${text}</w:t></w:r>`;

describe('writeDocx', () => {
  it('round trip: every block translated, formatting runs kept, other parts byte for byte', async () => {
    const source = makeTinyDocx();
    const book = await parseDocx(source);
    const shouted = translateAll(
      book,
      (text) => text.replace(/\p{L}+/gu, (w) => `ZQ${w.toUpperCase()}`),
      'de',
    );
    const written = await writeDocx(shouted);
    const again = await parseDocx(written);
    const before = allBlocks(book);
    const after = allBlocks(again);
    expect(after.map((b) => b.id)).toEqual(before.map((b) => b.id));
    for (const [i, block] of after.entries()) {
      expect(block.text).toBe(allBlocks(shouted)[i]?.text);
      expect(block.inlines.map((tag) => tag.kind)).toEqual(before[i]?.inlines.map((tag) => tag.kind));
    }
    expect(find(again, 'ZQPARIS').text).toBe(
      'ZQONE ZQMORNING ZQA <g1>ZQLETTER</g1> ZQARRIVED ZQFROM <g2>ZQPARIS</g2>.',
    );
    // Bold is still the run with <w:b/>: the translated word sits in it.
    expect(part(written, 'word/document.xml')).toContain(
      '<w:rPr><w:b/></w:rPr><w:t xml:space="preserve">ZQPARIS</w:t>',
    );
    expect(find(again, 'ZQNIGHT').kind).toBe('note');
    const zipBefore = openZip(source);
    const zipAfter = openZip(written);
    expect(zipAfter.entries.map((e) => e.name)).toEqual(zipBefore.entries.map((e) => e.name));
    for (const name of [
      'word/numbering.xml',
      'word/header1.xml',
      'word/media/dot.png',
      '[Content_Types].xml',
    ])
      expect(zipAfter.raw(zipAfter.get(name)!)).toEqual(zipBefore.raw(zipBefore.get(name)!));
    // styles.xml: only the language marks change, to the translation's language.
    const styles = part(written, 'word/styles.xml');
    expect(styles).toContain('<w:lang w:val="de"/>');
    expect(styles.replace('<w:lang w:val="de"/>', '')).toBe(
      part(source, 'word/styles.xml').replace('<w:lang w:val="en-US"/>', ''),
    );
    expect(part(written, 'docProps/core.xml')).toContain('<dc:language>de</dc:language>');
    expect(again.metadata.language).toBe('de');
  });

  it('leaves styles.xml byte for byte when the language does not change', async () => {
    const source = makeTinyDocx({ language: 'en-US' });
    const book = await parseDocx(source);
    const written = await writeDocx(translateAll(book, (text) => text.toUpperCase(), 'en-US'));
    const [a, b] = [openZip(source), openZip(written)];
    expect(b.raw(b.get('word/styles.xml')!)).toEqual(a.raw(a.get('word/styles.xml')!));
    expect(part(written, 'word/document.xml')).toContain('ANNA PETROVNA');
  });

  it('writes XML-hostile text as well-formed XML', async () => {
    const book = await parseDocx(makeTinyDocx());
    const hostile = translateOne(book, 'Anna Petrovna', 'Tom & Jerry <3 \u0001 </w:t> "q"');
    const written = await writeDocx(hostile);
    const xml = part(written, 'word/document.xml');
    expect(() => parseXml(xml)).not.toThrow();
    expect(find(await parseDocx(written), 'Tom & Jerry').text).toBe('Tom & Jerry <3 </w:t> "q"');
  });

  it('keeps the reading order when a translation moves an inline before the text it followed', async () => {
    const body = `<w:p>${run('Hello ')}${run('world', '<w:b/>')}${run(' and bye.')}</w:p>`;
    const book = await parseDocx(makeTinyDocx({ body }));
    const written = await writeDocx(translateOne(book, 'Hello', '<g1>Mundo</g1> hola y adiós.'));
    expect(find(await parseDocx(written), 'Mundo').text).toBe('<g1>Mundo</g1> hola y adiós.');
    const swapped = await writeDocx(translateOne(book, 'Hello', 'Hola y adiós, <g1>mundo</g1>.'));
    const text = find(await parseDocx(swapped), 'Hola').text;
    expect(text.replace(/<\/?g\d+>/g, '')).toBe('Hola y adiós, mundo.');
  });

  it('puts untagged text into plain runs and empties the runs left over', async () => {
    const body = `<w:p>${run('One ')}${run('two ')}${run('three', '<w:i/>')}${run(' four')}${run(' five')}</w:p>`;
    const book = await parseDocx(makeTinyDocx({ body }));
    expect(find(book, 'One').text).toBe('One two <g1>three</g1> four five');
    const written = await writeDocx(translateOne(book, 'One', 'Un deux <g1>trois</g1> quatre cinq'));
    const xml = part(written, 'word/document.xml');
    expect(xml).toContain(
      '<w:t xml:space="preserve">Un deux </w:t></w:r><w:r><w:t xml:space="preserve"></w:t></w:r><w:r><w:rPr><w:i/></w:rPr><w:t xml:space="preserve">trois</w:t>',
    );
    expect(find(await parseDocx(written), 'Un deux').text).toBe('Un deux <g1>trois</g1> quatre cinq');
  });

  it('never writes a note reference number, and rewrites the footnote in its own part', async () => {
    const book = await parseDocx(makeTinyDocx());
    const reply = find(book, 'She wrote back');
    const note = find(book, 'night train');
    const translated = applyTranslation(
      book,
      new Map([
        [reply.id, reply.text.replace('She wrote back at once', 'Elle répondit aussitôt')],
        [note.id, 'La lettre partit par le train de nuit.'],
      ]),
      { targetLanguage: 'fr' },
    );
    const written = await writeDocx(translated);
    expect(part(written, 'word/document.xml')).toContain('<w:footnoteReference w:id="1"/>');
    expect(part(written, 'word/footnotes.xml')).toContain('<w:footnoteRef/>');
    const again = await parseDocx(written);
    expect(find(again, 'Elle répondit').text).toBe(
      reply.text.replace('She wrote back at once', 'Elle répondit aussitôt'),
    );
    expect(find(again, 'train de nuit').kind).toBe('note');
  });

  it('bilingual: the original follows each translated paragraph, without its number, bookmarks or note marks', async () => {
    const book = await parseDocx(makeTinyDocx());
    const translated = translateAll(book, (text) => text.toUpperCase(), 'de');
    const written = await writeDocx(translated, { layout: 'bilingual' });
    const xml = part(written, 'word/document.xml');
    expect(() => parseXml(xml)).not.toThrow();
    const texts = allBlocks(await parseDocx(written)).map((b) => b.text);
    const at = texts.indexOf('PAPER AND INK');
    expect(texts.slice(at, at + 2)).toEqual(['PAPER AND INK', 'Paper and ink']);
    expect(xml.match(/<w:footnoteReference /g)).toHaveLength(1);
    expect(xml).toContain('<w:numId w:val="0"/>');
    const reversed = await writeDocx(translated, { layout: 'bilingual-reverse' });
    const reverseTexts = allBlocks(await parseDocx(reversed)).map((b) => b.text);
    const from = reverseTexts.indexOf('Paper and ink');
    expect(reverseTexts.slice(from, from + 2)).toEqual(['Paper and ink', 'PAPER AND INK']);
  });

  it('puts a notice paragraph first in the body', async () => {
    const book = await parseDocx(makeTinyDocx());
    const written = await writeDocx(book, { notice: 'Only the first 5,000 words are translated.' });
    // In italics, apart from the book's own text.
    expect(allBlocks(await parseDocx(written))[0]?.text).toBe(
      '<g1>Only the first 5,000 words are translated.</g1>',
    );
  });

  it('refuses a book that was not read from a DOCX', async () => {
    const book = await parseDocx(makeTinyDocx());
    await expect(writeDocx({ ...book, format: 'epub' })).rejects.toMatchObject({ code: 'wrong-format' });
    await expect(writeDocx({ ...book, source: undefined })).rejects.toMatchObject({ code: 'wrong-format' });
  });
});
