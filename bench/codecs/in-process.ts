// One book, one conversion, in this process: parse + write timings (median of runs after a warm-up)
// and the process's peak RSS. Prints one JSON line. Used by bench/codecs.ts.
// Usage: tsx bench/codecs/in-process.ts FILE FORMAT RUNS
import { readFileSync } from 'node:fs';
import { type BookFormat, readBook, writeBook } from '@booktranslate/ebook';

const [file, format, runsArg] = process.argv.slice(2);
if (!file || !format) throw new Error('usage: in-process.ts FILE FORMAT [RUNS]');
const bytes = new Uint8Array(readFileSync(file));
const runs = Number(runsArg ?? 3);
const parse: number[] = [];
const write: number[] = [];
for (let i = 0; i <= runs; i++) {
  // A fresh copy each time: readers may cache per byte array, and a real request never repeats one.
  const copy = bytes.slice();
  const t0 = performance.now();
  const book = await readBook(copy, { filename: file });
  const t1 = performance.now();
  await writeBook(book, format as BookFormat);
  const t2 = performance.now();
  if (i === 0) continue; // warm-up: JIT and lazy initialisation
  parse.push(t1 - t0);
  write.push(t2 - t1);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  JSON.stringify({
    parseMs: median(parse),
    writeMs: median(write),
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
