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
