// bench/formats: for each file of ../shared/corpus-formats (PDF, DOCX, AZW3, MOBI and Markdown made
// by calibre, LibreOffice and pandoc), the words `booktranslate convert --to txt` keeps against an
// independent reader (pdftotext for a PDF, pandoc for Markdown; for the others the book the file was
// made from, read by plain string surgery, not by our reader; Markdown against that book too), the
// paragraphs (blocks with words; pictures are not paragraphs) we read against those of that book, the seconds and peak memory of the conversion, the epubcheck errors of the EPUB
// written from it, and for a DOCX the words of a translated DOCX as LibreOffice reads them. Files
// that must be refused (scanned, encrypted) print the refusal. With --big, also a ~100 MB PDF and a
// ~100 MB DOCX made from corpus files (qpdf; a zip with a large picture), read within the default
// sandbox budget. Prints JSON.
// Usage: npm run bench:formats [-- --files alice,besy] [-- --no-epubcheck] [-- --big]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Book, plainText, readBook, sniffFormat, writeBook } from '@booktranslate/ebook';
import { translateAll } from '@booktranslate/ebook/testing';
import {
  compareBags,
  corpusDir,
  corpusFormatsFiles,
  corpusFormatsMissingReason,
  repoRoot,
  wordBag,
} from '@booktranslate/testkit';
import { answerHelp } from './usage';
import { bigDocx, bigPdf } from './words/big-books';
import { epubcheckCounts } from './words/epubcheck';
import { type RunCost, runMeasured } from './words/peak-memory';
import { corpusSourceText, wordsKeptIn } from './words/source-words';

answerHelp(
  'Usage: npm run bench:formats [-- --files alice,besy] [-- --no-epubcheck] [-- --big]\n\nWords, paragraphs, seconds and peak memory of reading each PDF, DOCX, AZW3, MOBI and Markdown file\nof ../shared/corpus-formats against an independent reader. Prints JSON.',
);

const { values } = parseArgs({
  options: { files: { type: 'string' }, 'no-epubcheck': { type: 'boolean' }, big: { type: 'boolean' } },
});
const missing = corpusFormatsMissingReason();
if (missing) {
  console.log(JSON.stringify({ skipped: missing }));
  process.exit(0);
}

/** The corpus book each file was made from (corpus-formats/MANIFEST.md). */
const MADE_FROM: Record<string, string> = {
  'en-alice-wonderland-calibre.pdf': 'en-alice-wonderland-epub3-images.epub',
  'en-wasteland-eliot-calibre.pdf': 'en-wasteland-eliot-epub3-ncx-footnotes.epub',
  'ru-bulgakov-zapiski-libreoffice.pdf': 'ru-bulgakov-zapiski-yunogo-vracha-cp1251.txt',
  'en-sherlock-holmes-calibre.docx': 'en-sherlock-holmes-adventures-epub3-se-large.epub',
  'en-devils-dictionary-pandoc.docx': 'en-devils-dictionary-bierce-epub3-se-inline-markup.epub',
  'ru-bulgakov-zapiski-libreoffice.docx': 'ru-bulgakov-zapiski-yunogo-vracha-cp1251.txt',
  'la-liber-esther-calibre.azw3': 'la-liber-esther-gutenberg-epub2-ncx-cover.epub',
  'la-liber-esther-calibre.mobi': 'la-liber-esther-gutenberg-epub2-ncx-cover.epub',
  'ru-dostoevsky-besy-calibre.azw3': 'ru-dostoevsky-besy-fb2-notes-cover.fb2',
  'en-wasteland-eliot-pandoc.md': 'en-wasteland-eliot-epub3-ncx-footnotes.epub',
};

const wanted = values.files?.split(',');
const files = corpusFormatsFiles().filter((f) => !wanted || wanted.some((w) => f.includes(w)));
const launcher = path.join(repoRoot, 'packages/cli/bin/booktranslate.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-formats-'));
const has = (tool: string) => existsSync(`/usr/bin/${tool}`);

/** The independent text of a file: pdftotext's for a PDF, pandoc's for Markdown, else the source book's. */
function independentText(file: string): { text: string; by: string } | null {
  const name = path.basename(file);
  if (name.endsWith('.pdf')) {
    if (!has('pdftotext')) return null;
    return {
      text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }),
      by: 'pdftotext',
    };
  }
  if (name.endsWith('.md') && has('pandoc')) {
    // pandoc reads the file itself: a word pandoc left out when it wrote the file is not in it.
    // Its plain text numbers the footnotes anew ("[1]" at the mark and before the note): those
    // numbers are pandoc's, not the book's, so they are not counted.
    const plain = execFileSync('pandoc', ['-f', 'gfm', '-t', 'plain', '--wrap=none', file], {
      encoding: 'utf8',
    });
    return { text: plain.replace(/\[\d+\]/g, ' '), by: 'pandoc -t plain' };
  }
  return sourceText(name);
}

/** The text of the book a file was made from (corpus-formats/MANIFEST.md), read without our reader. */
function sourceText(name: string): { text: string; by: string } | null {
  const source = MADE_FROM[name];
  if (!source) return null;
  const bytes = new Uint8Array(readFileSync(path.join(corpusDir, source)));
  return { text: corpusSourceText(source, bytes), by: source };
}

/** Paragraphs: blocks with a letter or a digit (a picture is a block of its own, not a paragraph). */
const blocksOf = (book: Book) =>
  book.chapters.reduce(
    (n, chapter) => n + chapter.blocks.filter((block) => /[\p{L}\p{N}]/u.test(plainText(block.text))).length,
    0,
  );
const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 100 : null);
const costOf = (run: RunCost) => ({
  seconds: run.seconds,
  cli_peak_mb: run.cli_peak_mb,
  child_peak_mb: run.child_peak_mb,
  together_peak_mb: run.together_peak_mb,
});

async function convert(input: string, output: string): Promise<RunCost> {
  return runMeasured(process.execPath, [launcher, 'convert', input, '-o', output]);
}

/** The refusal line of the CLI's message ("… (code)"), or the whole message. */
const refusalOf = (stderr: string) => stderr.split('\n').find((line) => /: /.test(line)) ?? stderr.trim();

const rows: Record<string, unknown>[] = [];
try {
  for (const file of files) {
    const name = path.basename(file);
    const bytes = new Uint8Array(readFileSync(file));
    const row: Record<string, unknown> = { file: name, bytes: bytes.length };
    rows.push(row);
    try {
      row.format = sniffFormat(bytes, name);
    } catch (error) {
      row.format = `refused: ${(error as Error).message}`;
    }
    const txt = path.join(dir, `${name}.txt`);
    const run = await convert(file, txt);
    if (run.exit !== 0) {
      row.refused = refusalOf(run.stderr);
      row.convert_txt = costOf(run);
      console.error(`${name}: refused`);
      continue;
    }
    row.convert_txt = costOf(run);
    const independent = independentText(file);
    if (independent) {
      const { total, kept, missing: lost } = wordsKeptIn(independent.text, txt);
      Object.assign(row, {
        independent: independent.by,
        independent_words: total,
        kept_words: kept,
        kept_pct: pct(kept, total),
        most_missed: lost.slice(0, 8).map(([word, count]) => `${word}×${count}`),
      });
    }
    // Against the book it was made from too, where that is not already the independent reader.
    const made = sourceText(name);
    if (made && made.by !== independent?.by) {
      const { total, kept } = wordsKeptIn(made.text, txt);
      Object.assign(row, {
        source_book: made.by,
        source_words: total,
        source_words_kept_pct: pct(kept, total),
      });
    }
    const book = await readBook(bytes, { filename: name });
    const source = MADE_FROM[name];
    if (source) {
      const sourceBook = await readBook(new Uint8Array(readFileSync(path.join(corpusDir, source))), {
        filename: source,
      });
      row.paragraphs = blocksOf(book);
      row.source_paragraphs = blocksOf(sourceBook);
      row.paragraphs_pct = pct(blocksOf(book), blocksOf(sourceBook));
    }
    row.chapters = book.chapters.length;
    row.notes = book.chapters.reduce((n, c) => n + c.blocks.filter((b) => b.kind === 'note').length, 0);
    if (!values['no-epubcheck']) {
      const epub = path.join(dir, `${name}.epub`);
      const written = await convert(file, epub);
      row.epubcheck = written.exit === 0 ? epubcheckCounts(epub) : refusalOf(written.stderr);
    }
    if (book.format === 'docx' && has('soffice')) row.translated_docx = await translatedDocx(book, name);
    console.error(`${name}: ${row.kept_pct ?? '-'}% of words, ${row.paragraphs_pct ?? '-'}% of paragraphs`);
  }
  if (values.big) {
    for (const [name, make] of [
      ['big.pdf', bigPdf],
      ['big.docx', bigDocx],
    ] as const) {
      const file = path.join(dir, name);
      const made = make(file);
      if (!made) {
        rows.push({ file: name, skipped: 'qpdf is not installed' });
        continue;
      }
      const run = await convert(file, `${file}.txt`);
      const words = run.exit === 0 ? wordBag(readFileSync(`${file}.txt`, 'utf8')) : null;
      rows.push({
        file: name,
        bytes: made.bytes,
        made_from: made.from,
        ...(run.exit === 0 ? {} : { refused: refusalOf(run.stderr) }),
        words: words ? [...words.values()].reduce((a, b) => a + b, 0) : null,
        convert_txt: costOf(run),
      });
      console.error(`${name}: ${run.exit === 0 ? 'read' : 'refused'} in ${run.seconds} s`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify(rows, null, 2));

/**
 * Every block upper-cased and written back as DOCX, then read by LibreOffice (`soffice --convert-to
 * txt`): the share of the translated words LibreOffice finds, and whether styles.xml is unchanged.
 */
async function translatedDocx(book: Book, name: string) {
  const shouted = translateAll(book, (text) => text.toUpperCase(), 'de');
  const out = path.join(dir, `translated-${name}`);
  writeFileSync(out, await writeBook(shouted, 'docx'));
  const started = performance.now();
  execFileSync('soffice', ['--headless', '--convert-to', 'txt:Text (encoded):UTF8', '--outdir', dir, out], {
    stdio: 'ignore',
    timeout: 180_000,
  });
  const seconds = Math.round(performance.now() - started) / 1000;
  // Case kept: the translation is the source upper-cased, so a word LibreOffice shows in lower case
  // is text the writer left untranslated.
  const shown = wordBag(readFileSync(out.replace(/\.docx$/, '.txt'), 'utf8'), { keepCase: true });
  // A standalone element (a line break in verse) parts words; a mark around text does not.
  const visible = (text: string) => plainText(text.replace(/<x\d+\/>/g, ' '));
  const expected = wordBag(shouted.chapters.flatMap((c) => c.blocks.map((b) => visible(b.text))).join('\n'), {
    keepCase: true,
  });
  const { total, kept, missing } = compareBags(expected, shown);
  const untranslated = [...shown].filter(([word]) => /\p{Ll}/u.test(word));
  return {
    soffice_seconds: seconds,
    translated_words_found_pct: pct(kept, total),
    words_left_untranslated: untranslated.reduce((sum, [, n]) => sum + n, 0),
    untranslated_examples: untranslated.slice(0, 8).map(([word, n]) => `${word}×${n}`),
    most_missed: missing.slice(0, 8).map(([word, n]) => `${word}×${n}`),
  };
}
