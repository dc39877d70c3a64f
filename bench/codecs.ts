// bench/codecs: for each corpus book and each conversion, `booktranslate convert` against calibre's
// `ebook-convert` and `pandoc` as whole commands (median wall and CPU seconds, peak RSS), our
// in-process parse + write time and MB/s, and whether each FB2 written validates against the schema.
// Usage: npm run bench:codecs [-- --runs 3 --warmup 1 --books sherlock,besy --to fb2,epub --tools ours,calibre,pandoc]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { corpusFiles, fb2SchemaPath, repoRoot } from '@booktranslate/testkit';
import { medianTiming, type Timing } from './codecs/time-command';
import { answerHelp } from './usage';

answerHelp(
  'Usage: npm run bench:codecs [-- --runs 3 --warmup 1 --books sherlock,besy --to fb2,epub --tools ours,calibre,pandoc]\n\nEach corpus book and conversion: booktranslate convert against calibre and pandoc (median wall and\nCPU seconds, peak RSS), our in-process MB/s, and whether each FB2 validates.',
);

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    books: { type: 'string' },
    to: { type: 'string', default: 'epub,fb2,txt' },
    tools: { type: 'string', default: 'ours,calibre,pandoc' },
  },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const targets = (values.to ?? '').split(',');
const tools = new Set((values.tools ?? '').split(','));
const wanted = values.books?.split(',');
const books = corpusFiles().filter(
  (f) => !path.basename(f).startsWith('bad-') && (!wanted || wanted.some((w) => f.includes(w))),
);
const out = mkdtempSync(path.join(tmpdir(), 'bench-codecs-'));
// The bundle the bin runs, built once here: a rebuild triggered by an edit elsewhere mid-run would
// pollute the timings (the bin's own freshness check costs about a millisecond).
const bin = path.join(repoRoot, 'packages/cli/dist/booktranslate.mjs');
const launcher = path.join(repoRoot, 'packages/cli/bin/booktranslate.mjs');
const has = (cmd: string) => !spawnSync(cmd, ['--version'], { stdio: 'ignore' }).error;

const COMMANDS: Record<string, (input: string, output: string, to: string) => string[]> = {
  ours: (input, output) => [process.execPath, bin, 'convert', input, '-o', output],
  calibre: (input, output) => ['ebook-convert', input, output],
  pandoc: (input, output, to) => [
    'pandoc',
    ...(input.endsWith('.txt') ? ['-f', 'markdown'] : []),
    ...(to === 'txt' ? ['-t', 'plain'] : []),
    input,
    '-o',
    output,
  ],
};
const available = Object.keys(COMMANDS).filter(
  (tool) =>
    tools.has(tool) && has(tool === 'ours' ? process.execPath : (COMMANDS[tool]?.('x', 'y', 'fb2')[0] ?? '')),
);

spawnSync(process.execPath, [launcher, '--help'], { stdio: 'ignore' }); // builds dist/ if needed
const rows: string[][] = [];
for (const book of books) {
  const mb = statSync(book).size / 1e6;
  for (const to of targets) {
    const timings: Record<string, Timing & { valid: string }> = {};
    for (const tool of available) {
      const output = path.join(out, `${tool}-${path.basename(book)}.${to}`);
      const timing = medianTiming(
        (COMMANDS[tool] as (typeof COMMANDS)['ours'])(book, output, to),
        runs,
        warmup,
      );
      timings[tool] = { ...timing, valid: to === 'fb2' ? validFb2(output, timing.code) : '' };
    }
    const inproc = inProcess(book, to);
    const ours = timings.ours;
    const cell = (t?: Timing & { valid: string }) =>
      t ? `${t.code === 0 ? '' : 'FAIL '}${t.wall.toFixed(2)} (${t.cpu.toFixed(2)})${t.valid}` : '-';
    const ratio = (t?: Timing) =>
      t && ours && t.code === 0
        ? `${(t.wall / ours.wall).toFixed(1)}x/${(t.cpu / ours.cpu).toFixed(1)}x`
        : '-';
    rows.push([
      path
        .basename(book)
        .replace(/\.(epub|fb2|txt)$/, '')
        .slice(0, 34),
      mb.toFixed(2),
      to,
      cell(ours),
      cell(timings.calibre),
      cell(timings.pandoc),
      ratio(timings.calibre),
      ratio(timings.pandoc),
      inproc ? `${inproc.parseMs.toFixed(0)}+${inproc.writeMs.toFixed(0)}` : '-',
      inproc ? (mb / ((inproc.parseMs + inproc.writeMs) / 1000)).toFixed(1) : '-',
      `${ours?.peakRssMb.toFixed(0) ?? '-'}/${inproc?.peakRssMb.toFixed(0) ?? '-'}`,
    ]);
    console.error(`done ${path.basename(book)} -> ${to}`);
  }
}
const header = [
  'book',
  'MB',
  'to',
  'ours s wall (cpu)',
  'calibre s',
  'pandoc s',
  'calibre/ours wall/cpu',
  'pandoc/ours',
  'parse+write ms',
  'MB/s',
  'RSS MB cmd/lib',
];
console.log(
  `whole commands: median of ${runs} run(s) after ${warmup} warm-up(s), seconds wall (user+sys CPU); ratios wall/CPU; parse+write: in-process median; RSS: whole command / in-process; FB2 outputs checked with xmllint against FictionBook.xsd`,
);
console.log(table([header, ...rows]));

function validFb2(file: string, code: number): string {
  if (code !== 0) return '';
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', fb2SchemaPath, file], {
    stdio: 'ignore',
  });
  return run.error ? '' : run.status === 0 ? ' valid' : ' INVALID';
}

function inProcess(book: string, to: string): { parseMs: number; writeMs: number; peakRssMb: number } | null {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'bench/codecs/in-process.ts'), book, to, String(runs)],
    { encoding: 'utf8', cwd: repoRoot },
  );
  try {
    return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '');
  } catch {
    return null;
  }
}

function table(lines: string[][]): string {
  const widths = (lines[0] ?? []).map((_, i) => Math.max(...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (l: string[]) => `| ${l.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [
    fmt(lines[0] ?? []),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...lines.slice(1).map(fmt),
  ].join('\n');
}
