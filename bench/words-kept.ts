// bench/words-kept: for each corpus EPUB and FB2, the words of `booktranslate convert --to txt`
// against the words of the source's content documents (SVG text, fallback content and MathML
// included, read by plain string surgery, not by our reader), with the words most often missed; and
// for each EPUB the epubcheck errors of the source, of `convert --to epub`, and of a translation
// (every text run upper-cased, bilingual layout) written by our EPUB writer. Prints JSON.
// With --built, the same for small books built like the cases of issues 11 and 27
// (bench/words/issue-books.ts), with the seconds and peak memory (from /proc: the CLI, its sandbox
// child, both at once) of each `convert --to txt`.
// Usage: npm run bench:words [-- --books alice,wasteland] [-- --no-epubcheck] [-- --built]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Book, readBook, writeBook } from '@booktranslate/ebook';
import { translateAll } from '@booktranslate/ebook/testing';
import { corpusFiles, corpusMissingReason, repoRoot } from '@booktranslate/testkit';
import { answerHelp } from './usage';
import { epubcheckCounts } from './words/epubcheck';
import { issueBooks } from './words/issue-books';
import { type RunCost, runMeasured } from './words/peak-memory';
import { corpusSourceText, wordsKeptIn } from './words/source-words';

answerHelp(
  'Usage: npm run bench:words [-- --books alice,wasteland] [-- --no-epubcheck] [-- --built]\n\nWords of convert --to txt against the words of the source for each corpus EPUB and FB2, and the\nepubcheck errors of source, conversion and translation. Prints JSON.',
);

const { values } = parseArgs({
  options: { books: { type: 'string' }, 'no-epubcheck': { type: 'boolean' }, built: { type: 'boolean' } },
});
const missing = values.built ? null : corpusMissingReason();
if (missing) {
  console.log(JSON.stringify({ skipped: missing }));
  process.exit(0);
}
const wanted = values.books?.split(',');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-words-'));
const built = values.built ? issueBooks() : {};
for (const [name, bytes] of Object.entries(built)) writeFileSync(path.join(dir, `${name}.epub`), bytes);
const books = values.built
  ? Object.keys(built).map((name) => path.join(dir, `${name}.epub`))
  : corpusFiles().filter(
      (f) =>
        /\.(epub|fb2)$/.test(f) &&
        !path.basename(f).startsWith('bad-') &&
        (!wanted || wanted.some((w) => f.includes(w))),
    );
const launcher = path.join(repoRoot, 'packages/cli/bin/booktranslate.mjs');

/** Runs `convert`; throws with its message when it refuses the book. */
async function convert(input: string, output: string): Promise<RunCost> {
  const run = await runMeasured(process.execPath, [launcher, 'convert', input, '-o', output]);
  if (run.exit !== 0) throw new Error(`convert ${input} -> ${output}: ${run.stderr}`);
  return run;
}

const shout = (book: Book): Book => translateAll(book, (text) => text.toUpperCase(), 'de');

const rows: unknown[] = [];
try {
  for (const file of books) {
    const name = path.basename(file);
    const bytes = new Uint8Array(readFileSync(file));
    const source = corpusSourceText(name, bytes);
    const txt = path.join(dir, `${name}.txt`);
    let run: RunCost;
    try {
      run = await convert(file, txt);
    } catch (error) {
      // A book of pictures is refused by convert (no text): say so instead of a count.
      rows.push({ book: name, refused: (error as Error).message.split('\n').find((l) => /: /.test(l)) });
      console.error(`${name}: refused`);
      continue;
    }
    const { total, kept, missing: lost } = wordsKeptIn(source, txt);
    const row: Record<string, unknown> = {
      book: name,
      bytes: bytes.length,
      source_words: total,
      kept_words: kept,
      kept_pct: total ? Math.round((kept / total) * 10000) / 100 : null,
      most_missed: lost.slice(0, 8).map(([word, count]) => `${word}×${count}`),
      convert_txt: {
        seconds: run.seconds,
        cli_peak_mb: run.cli_peak_mb,
        child_peak_mb: run.child_peak_mb,
        together_peak_mb: run.together_peak_mb,
      },
    };
    if (name.endsWith('.epub') && !values['no-epubcheck']) {
      const converted = path.join(dir, `${name}.converted.epub`);
      await convert(file, converted);
      const translated = path.join(dir, `${name}.translated.epub`);
      const book = await readBook(bytes, { filename: name });
      writeFileSync(translated, await writeBook(shout(book), 'epub', { layout: 'bilingual' }));
      row.epubcheck = {
        source: epubcheckCounts(file),
        convert: epubcheckCounts(converted),
        translated_bilingual: epubcheckCounts(translated),
      };
    }
    rows.push(row);
    console.error(`${name}: ${row.kept_pct}%`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify(rows, null, 2));
