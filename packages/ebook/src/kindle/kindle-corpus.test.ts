import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  corpusDir,
  corpusFormatsDir,
  corpusFormatsMissingReason,
  corpusMissingReason,
  makeTinyMobi,
} from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { countWords } from '../count-words';
import type { Block, Book, TocEntry } from '../model';
import { readBook } from '../read-book';
import { readableText } from '../readable-text';
import { sniffImage } from '../sniff-image';
import { epubcheckErrors, noEpubcheck } from '../testing/epubcheck';
import { writeBook } from '../write-book';
import { exthNumber } from './exth';
import { readMobiHeader } from './mobi-header';
import { readPalmDb } from './palm-db';
import { parseKindle } from './parse-kindle';

const reason = corpusFormatsMissingReason() ?? corpusMissingReason();
if (reason) console.warn(reason);
if (noEpubcheck) console.warn(noEpubcheck);

const read = (dir: string, name: string) =>
  readBook(new Uint8Array(readFileSync(path.join(dir, name))), { filename: name });
const blocksOf = (book: Book): Block[] => book.chapters.flatMap((c) => c.blocks);
const words = (book: Book) =>
  blocksOf(book).reduce((sum, b) => sum + countWords(readableText(b.text, b.inlines)), 0);
const flatToc = (entries: TocEntry[]): TocEntry[] => entries.flatMap((e) => [e, ...flatToc(e.children)]);

// Every Kindle file of corpus-formats, the book it was made from, and what it must hold.
const CASES = [
  {
    file: 'la-liber-esther-calibre.azw3',
    source: 'la-liber-esther-gutenberg-epub2-ncx-cover.epub',
    format: 'azw3',
  },
  {
    file: 'la-liber-esther-calibre.mobi',
    source: 'la-liber-esther-gutenberg-epub2-ncx-cover.epub',
    format: 'mobi',
  },
  {
    file: 'ru-dostoevsky-besy-calibre.azw3',
    source: 'ru-dostoevsky-besy-fb2-notes-cover.fb2',
    format: 'azw3',
  },
] as const;

describe.skipIf(reason)('Kindle corpus', () => {
  it.each(CASES)(
    '$file: every word of the source, chapters, TOC and cover',
    async ({ file, source, format }) => {
      const [book, original] = await Promise.all([read(corpusFormatsDir, file), read(corpusDir, source)]);
      expect(book.format).toBe(format);
      expect(words(book)).toBeGreaterThanOrEqual(Math.ceil(words(original) * 0.99));
      expect(blocksOf(book).length).toBeGreaterThanOrEqual(blocksOf(original).length);
      expect(book.chapters.length).toBeGreaterThanOrEqual(original.chapters.length);
      expect(book.metadata.title).toBe(original.metadata.title);
      expect(book.metadata.language).toBe(original.metadata.language);
      // Every TOC entry lands on a chapter, and on a block there when it names an anchor.
      const anchors = new Set(blocksOf(book).flatMap((b) => [b.anchor, ...(b.aliases ?? [])]));
      const toc = flatToc(book.toc);
      expect(toc.length).toBeGreaterThan(4);
      for (const entry of toc) {
        expect(book.chapters.map((c) => c.id)).toContain(entry.chapterId);
        if (entry.anchor) expect(anchors).toContain(entry.anchor);
      }
      expect(book.cover && sniffImage(book.cover.data)).toMatch(/^image\//);
    },
  );

  it('keeps the notes of Besy as notes, each reference leading to its note', async () => {
    const book = await read(corpusFormatsDir, 'ru-dostoevsky-besy-calibre.azw3');
    const notes = new Map<string, string>();
    for (const chapter of book.chapters)
      for (const block of chapter.blocks)
        if (block.kind === 'note') notes.set(`${chapter.id}#${block.noteId}`, chapter.id);
    const refs = blocksOf(book).flatMap((b) => b.inlines.filter((t) => t.kind === 'noteref'));
    // The FB2 source has 303 references to its notes (explanations and translations of French).
    expect(refs.length).toBeGreaterThanOrEqual(300);
    for (const ref of refs) expect(notes.has(ref.href ?? ''), ref.href).toBe(true);
    const noteChapters = book.chapters.filter((c) => c.role === 'notes');
    expect(noteChapters.map((c) => c.title)).toEqual(['Примечания', 'Перевод иноязычных выражений']);
    // Body chapters keep their prose: no paragraph of the story was taken for a note.
    expect(
      book.chapters
        .filter((c) => c.role === 'body')
        .flatMap((c) => c.blocks)
        .some((b) => b.kind === 'note'),
    ).toBe(false);
  });

  it('reads the KF8 part of a joint file, and its MOBI 6 part when the KF8 part is damaged', async () => {
    const azw3 = new Uint8Array(readFileSync(path.join(corpusFormatsDir, 'la-liber-esther-calibre.azw3')));
    const joint = makeTinyMobi({ kf8: azw3, cover: true });
    const kf8 = await parseKindle(joint, { filename: 'joint.mobi' });
    expect(kf8.format).toBe('mobi');
    expect(kf8.metadata.title).toBe('Latin Vulgate, Esther: Liber Esther');
    expect(words(kf8)).toBe(words(await read(corpusFormatsDir, 'la-liber-esther-calibre.azw3')));
    // The KF8 part's skeleton index loses its signature: the MOBI 6 part is read instead.
    const db = readPalmDb(joint);
    const boundary = exthNumber(readMobiHeader(db.record(0)).exth, 121) ?? 0;
    db.record(boundary + readMobiHeader(db.record(boundary)).skelIndex).fill(0, 0, 4);
    const mobi6 = await parseKindle(joint, { filename: 'joint.mobi' });
    expect(mobi6.chapters[0]?.blocks[1]?.text).toBe('Anna Petrovna lived in Moscow with her brother Ivan.');
    expect(mobi6.cover?.mediaType).toBe('image/png');
  });

  it.skipIf(noEpubcheck)(
    'writes Esther as an EPUB that passes epubcheck',
    async () => {
      const book = await read(corpusFormatsDir, 'la-liber-esther-calibre.azw3');
      expect(await epubcheckErrors(await writeBook(book, 'epub'))).toEqual([]);
    },
    60_000,
  );
});
