import { readFileSync } from 'node:fs';
import path from 'node:path';
import { corpusFiles, corpusMissingReason } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import type { Book, BookFormat } from './model';
import { parseFb2 } from './parse-fb2';
import { parseTxt } from './parse-txt';
import { placeholderSignature } from './placeholders';
import { writeFb2 } from './write-fb2';
import { writeTxt } from './write-txt';

const reason = corpusMissingReason();
if (reason) console.warn(reason);

const CODECS: Partial<
  Record<string, { format: BookFormat; parse: typeof parseFb2; write: typeof writeFb2 }>
> = {
  '.fb2': { format: 'fb2', parse: parseFb2, write: writeFb2 },
  '.txt': { format: 'txt', parse: parseTxt, write: writeTxt },
};
const books = corpusFiles().filter(
  (file) => CODECS[path.extname(file)] && !path.basename(file).startsWith('bad-'),
);
const shape = (book: Book) =>
  book.chapters.flatMap((c) => c.blocks.map((b) => `${b.text}\u0000${placeholderSignature(b.text)}`));

describe.skipIf(reason)('FB2 and TXT corpus round trip: parse -> write -> parse', () => {
  it.each(books.map((file) => [path.basename(file), file]))(
    '%s keeps block count, text and placeholders',
    async (_name, file) => {
      const codec = CODECS[path.extname(file)];
      if (!codec) throw new Error('unreachable');
      const book = await codec.parse(new Uint8Array(readFileSync(file)), { filename: file });
      const again = await codec.parse(await codec.write(book), { filename: `again.${codec.format}` });
      const before = shape(book);
      const after = shape(again);
      expect(after.length).toBe(before.length);
      const firstDiff = before.findIndex((text, i) => text !== after[i]);
      expect(
        firstDiff === -1 ? null : { at: firstDiff, before: before[firstDiff], after: after[firstDiff] },
      ).toBeNull();
    },
    30_000,
  );
});

// The encodings the corpus manifest documents, and a phrase each book must decode to.
const ENCODINGS: Record<string, [string, string]> = {
  'en-ainsworth-jack-sheppard-gutenberg-crlf.txt': ['windows-1252', 'Mrs. Sheppard'],
  'he-hamsun-hunger-cp1255-crlf.txt': ['windows-1255', 'ישבתי אז'],
  'mul-i-can-eat-glass-utf16le-bom.txt': ['utf-16le', 'Μπορώ να φάω σπασμένα γυαλιά'],
  'ru-bulgakov-zapiski-yunogo-vracha-cp1251.txt': ['windows-1251', 'Полотенце с петухом'],
  'zh-yin-feng-xiao-gutenberg-utf8-bom-crlf.txt': ['utf-8', '白眉仙庭燎雪鼓'],
  'ru-fbreaderj-test8-cp1251-minimal.fb2': ['windows-1251', 'Оформление кода'],
  'ru-dostoevsky-besy-fb2-notes-cover.fb2': ['utf-8', 'Степан Трофимович'],
};

describe.skipIf(reason)('corpus encodings', () => {
  it.each(Object.entries(ENCODINGS))(
    '%s decodes as %j',
    async (base, [encoding, phrase]) => {
      const file = books.find((f) => path.basename(f) === base);
      if (!file) throw new Error(`${base} is missing from the corpus`);
      const codec = CODECS[path.extname(file)];
      const book = await (codec as NonNullable<typeof codec>).parse(new Uint8Array(readFileSync(file)), {
        filename: file,
      });
      expect(book.encoding).toBe(encoding);
      expect(book.chapters.some((c) => c.blocks.some((b) => b.text.includes(phrase)))).toBe(true);
    },
    30_000,
  );
});
