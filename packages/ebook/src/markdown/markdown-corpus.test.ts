import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  corpusDir,
  corpusFormatsDir,
  corpusFormatsMissingReason,
  corpusMissingReason,
} from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { countWords } from '../count-words';
import type { Book } from '../model';
import { readBook } from '../read-book';
import { translateAll } from '../testing/translate-all';
import { parseMarkdown } from './parse-markdown';
import { writeMarkdown } from './write-markdown';

const reason = corpusFormatsMissingReason() ?? corpusMissingReason();
if (reason) console.warn(reason);
const MD = 'en-wasteland-eliot-pandoc.md';
const EPUB = 'en-wasteland-eliot-epub3-ncx-footnotes.epub';
const blocksOf = (book: Book) => book.chapters.flatMap((chapter) => chapter.blocks);
const words = (book: Book) => blocksOf(book).reduce((sum, block) => sum + countWords(block.text), 0);

describe.skipIf(reason)('Markdown corpus', () => {
  it(`${MD} (pandoc from ${EPUB}): the words, headings, poem lines and notes of the source`, async () => {
    const bytes = new Uint8Array(readFileSync(path.join(corpusFormatsDir, MD)));
    const started = performance.now();
    const book = await parseMarkdown(bytes, { filename: MD });
    const seconds = (performance.now() - started) / 1000;
    const source = await readBook(new Uint8Array(readFileSync(path.join(corpusDir, EPUB))));
    const [read, expected] = [words(book), words(source)];
    console.info(
      `${MD}: ${read} words of ${expected} in the EPUB, ${blocksOf(book).length} blocks (EPUB ${blocksOf(source).length}), ${seconds.toFixed(2)} s`,
    );
    expect(read).toBeGreaterThanOrEqual(0.99 * expected);
    expect(book.toc.map((entry) => entry.title)).toEqual([
      'I. THE BURIAL OF THE DEAD',
      'II. A GAME OF CHESS',
      'III. THE FIRE SERMON',
      'IV. DEATH BY WATER',
      'V. WHAT THE THUNDER SAID',
      'NOTES ON "THE WASTE LAND"',
    ]);
    const lines = blocksOf(book).filter((block) => block.kind === 'poem-line');
    expect(lines.length).toBeGreaterThanOrEqual(
      blocksOf(source).filter((b) => b.kind === 'poem-line').length,
    );
    expect(lines[0]?.text).toBe('April is the cruellest month, breeding');
    // Every note reference lands on a note, and every note's line link on the line it explains.
    const notes = book.chapters.at(-1) as Book['chapters'][number];
    const noteIds = new Set(notes.blocks.map((block) => `${notes.id}#${block.noteId}`));
    const refs = blocksOf(book).flatMap((b) => b.inlines.filter((t) => t.kind === 'noteref'));
    expect(refs).toHaveLength(50);
    for (const ref of refs) expect(noteIds).toContain(ref.href);
    const anchors = new Set(
      blocksOf(book).flatMap((b) => (b.anchor ? [b.anchor, ...(b.aliases ?? [])] : [])),
    );
    const lineLinks = notes.blocks.flatMap((b) => b.inlines.filter((t) => t.kind === 'link'));
    expect(lineLinks.length).toBeGreaterThanOrEqual(50);
    for (const link of lineLinks) expect(anchors).toContain(link.href?.replace(/^c\d+#/, ''));
  });

  it(`${MD}: a translation written in place reads back block for block`, async () => {
    const bytes = new Uint8Array(readFileSync(path.join(corpusFormatsDir, MD)));
    const translated = translateAll(await parseMarkdown(bytes), (text) => text.toUpperCase(), 'de');
    const again = await parseMarkdown(await writeMarkdown(translated));
    const texts = (book: Book) => blocksOf(book).map((block) => `${block.id} ${block.text}`);
    expect(texts(again)).toEqual(texts(translated));
  });
});
