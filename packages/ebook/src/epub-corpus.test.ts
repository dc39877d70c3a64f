import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { corpusFiles, corpusMissingReason } from '@booktranslate/testkit';
import { checkEpubs, noEpubcheckJar as noEpubcheck } from '@booktranslate/testkit/epubcheck';
import { afterAll, describe, expect, it } from 'vitest';
import { applyTranslation } from './apply-translation';
import type { Book } from './model';
import type { Layout } from './options';
import { placeholderSignature } from './placeholders';
import { readBook } from './read-book';
import { openZip } from './read-zip';
import { changeTexts } from './testing/translate-all';
import { writeEpub } from './write-epub';

const reason = corpusMissingReason();
if (reason) console.warn(reason);
if (noEpubcheck) console.warn(noEpubcheck);

// What the hostile files must answer (MANIFEST.md describes each).
const EXPECTED_ERRORS: Record<string, string> = {
  'bad-epub-missing-container-xml.epub': 'corrupt',
  'bad-epub-corrupt-zip-entry.epub': 'corrupt',
};
const epubs = corpusFiles().filter((f) => f.endsWith('.epub'));
const good = epubs.filter((f) => !(path.basename(f) in EXPECTED_ERRORS));
const read = (file: string) => new Uint8Array(readFileSync(file));
const blocksOf = (book: Book) => book.chapters.flatMap((c) => c.blocks);

// Upper-cases prose, keeps placeholders: a translation whose every word changed.
function shout(book: Book, targetLanguage: string): Book {
  const map = changeTexts(book, (text) => text.toUpperCase());
  return applyTranslation(book, map, { targetLanguage, title: book.metadata.title.toUpperCase() });
}

describe.skipIf(reason)('EPUB corpus', () => {
  it.each(Object.entries(EXPECTED_ERRORS))('%s is refused with %s', async (name, code) => {
    await expect(
      readBook(read(path.join(path.dirname(epubs[0] ?? ''), name)), { filename: name }),
    ).rejects.toMatchObject({ code });
  });

  it.each(good.map((f) => [path.basename(f), f]))(
    '%s: identity rewrite is byte-identical, translation round-trips',
    async (_n, file) => {
      const bytes = read(file);
      const book = await readBook(bytes, { filename: file });
      expect(blocksOf(book).length).toBeGreaterThan(0);
      const zip = openZip(bytes);
      const same = openZip(await writeEpub(book));
      for (const entry of zip.entries.filter((e) => e.name !== 'mimetype'))
        expect(Buffer.from(same.read(same.get(entry.name)!)).equals(zip.read(entry)), entry.name).toBe(true);
      const translated = shout(book, 'es');
      const again = await readBook(await writeEpub(translated), { filename: 'again.epub' });
      const shape = (b: Book) =>
        blocksOf(b).map((x) => `${x.id}\u0000${x.text}\u0000${placeholderSignature(x.text)}`);
      expect(shape(again)).toEqual(shape(translated));
      expect(again.metadata.language).toBe('es');
    },
  );
});

describe.skipIf(reason || noEpubcheck)('EPUB output passes epubcheck', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ebook-epubcheck-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const layouts: Layout[] = ['translated', 'bilingual', 'bilingual-reverse'];
  const targets = ['ar', 'en', 'ja', 'de', 'es'];
  // A handful, each exercising something else: noterefs, EPUB 2, RTL source, images; FB2 and TXT builds.
  const sources = corpusFiles().filter((f) =>
    /(wasteland|liber-esther|regime-anticancer|alice|besy.*\.fb2|jack-sheppard.*\.txt)/.test(
      path.basename(f),
    ),
  );

  it('writes every corpus EPUB (rewritten) and FB2/TXT samples (built) with 0 epubcheck errors', async () => {
    const outputs: string[] = [];
    for (const [i, file] of sources.entries()) {
      const book = await readBook(read(file), { filename: file });
      const layout = layouts[i % layouts.length]!;
      const notice = i % 2 === 0 ? 'Only part of this book was translated.' : undefined;
      const out = path.join(dir, `${path.basename(file)}.${layout}.epub`);
      writeFileSync(
        out,
        await writeEpub(shout(book, targets[i % targets.length]!), { layout, ...(notice && { notice }) }),
      );
      outputs.push(out);
    }
    // An EPUB-read book without its source bytes is built afresh, like an FB2 or TXT book.
    const wasteland = sources.find((f) => f.includes('wasteland'));
    if (wasteland) {
      const { source: _source, ...book } = await readBook(read(wasteland), { filename: wasteland });
      const out = path.join(dir, 'wasteland-built.epub');
      writeFileSync(out, await writeEpub(shout(book, 'fr'), { layout: 'bilingual' }));
      outputs.push(out);
    }
    // One JVM checks them all: a JVM start costs seconds, another book in a warm one a fraction.
    const results = (await checkEpubs(outputs)).map(
      (r) => `${path.basename(r.file)}: ${r.summary} ${r.errors.slice(0, 5).join(' | ')}`,
    );
    expect(results.sort()).toEqual(outputs.map((o) => `${path.basename(o)}: 0 fatal / 0 errors `).sort());
  }, 600_000);
});
