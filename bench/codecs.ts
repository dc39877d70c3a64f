// bench/codecs: for each corpus book and each conversion, `booktranslate convert` (in its sandbox,
// and with --no-sandbox) against calibre's `ebook-convert` and `pandoc` as whole commands (median
// wall and CPU seconds, peak RSS), our in-process parse + write time and MB/s, and whether each FB2
// written validates against the schema. Ends with one JSON line: per conversion our wall seconds,
// calibre's and the ratio, the smallest ratio, and the conditions. `--baseline DIR` also times
// another build of the CLI (a copy of packages/cli/dist) for a before/after in the same minutes.
// Usage: npm run bench:codecs [-- --runs 3 --warmup 1 --books sherlock,besy --to fb2,epub --tools ours,ours-no-sandbox,calibre,pandoc --baseline /tmp/dist-before]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { corpusFiles, fb2SchemaPath, repoRoot } from '@booktranslate/testkit';
import { medianTiming, type Timing } from './codecs/time-command';
import { conditions, conditionsNow } from './conditions';
import { answerHelp } from './usage';

answerHelp(
  'Usage: npm run bench:codecs [-- --runs 3 --warmup 1 --books sherlock,besy --to fb2,epub --tools ours,ours-no-sandbox,calibre,pandoc --baseline DIR]\n\nEach corpus book and conversion: booktranslate convert (sandboxed and --no-sandbox) against calibre and\npandoc (median wall and CPU seconds, peak RSS), our in-process MB/s, and whether each FB2 validates;\nthen one JSON line with calibre/ours per conversion, the smallest ratio and the conditions.\n--baseline DIR also times DIR/booktranslate.mjs (another build of the CLI) as tool "baseline".',
);

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    books: { type: 'string' },
    to: { type: 'string', default: 'epub,fb2,txt' },
    tools: { type: 'string', default: 'ours,ours-no-sandbox,calibre,pandoc' },
    baseline: { type: 'string' },
  },
});
const start = conditionsNow();
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const targets = (values.to ?? '').split(',');
const tools = new Set((values.tools ?? '').split(','));
if (values.baseline) tools.add('baseline');
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

const OURS = new Set(['ours', 'ours-no-sandbox', 'baseline']);
const COMMANDS: Record<string, (input: string, output: string, to: string) => string[]> = {
  ours: (input, output) => [process.execPath, bin, 'convert', input, '-o', output],
  // Trusted files only: read in the command's own process, no child, no budget.
  'ours-no-sandbox': (input, output) => [
    process.execPath,
    bin,
    'convert',
    '--no-sandbox',
    input,
    '-o',
    output,
  ],
  baseline: (input, output) => [
    process.execPath,
    path.join(path.resolve(values.baseline ?? ''), 'booktranslate.mjs'),
    'convert',
    input,
    '-o',
    output,
  ],
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
    tools.has(tool) && has(OURS.has(tool) ? process.execPath : (COMMANDS[tool]?.('x', 'y', 'fb2')[0] ?? '')),
);

spawnSync(process.execPath, [launcher, '--help'], { stdio: 'ignore' }); // builds dist/ if needed
const rows: string[][] = [];
/** Per conversion: wall seconds of each tool that succeeded, and calibre's over each of ours. */
const figures: Record<string, unknown>[] = [];
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
    figures.push(figuresOf(path.basename(book), to, timings));
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
      cell(timings['ours-no-sandbox']),
      ...(values.baseline ? [cell(timings.baseline)] : []),
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
  'ours --no-sandbox s',
  ...(values.baseline ? ['baseline s'] : []),
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
console.log(
  JSON.stringify({
    conversions: figures,
    min_calibre_over_ours: smallest(figures, 'calibre_over_ours'),
    min_calibre_over_ours_no_sandbox: smallest(figures, 'calibre_over_ours_no_sandbox'),
    ...(values.baseline ? { min_calibre_over_baseline: smallest(figures, 'calibre_over_baseline') } : {}),
    runs,
    warmup,
    // Our CPU seconds leave out the sandbox's child: it is not the command's to wait for.
    conditions: conditions(start, { baseline: values.baseline ?? null }),
  }),
);

/** One conversion's wall seconds per tool (null when it failed) and calibre's over each of ours. */
function figuresOf(book: string, to: string, timings: Record<string, Timing>): Record<string, unknown> {
  const wall = (tool: string) => {
    const t = timings[tool];
    return t && t.code === 0 ? t.wall : null;
  };
  const calibre = wall('calibre');
  const over = (tool: string) => {
    const ours = wall(tool);
    return calibre !== null && ours ? Math.round((calibre / ours) * 10) / 10 : null;
  };
  const out: Record<string, unknown> = { book, to };
  for (const tool of Object.keys(timings)) out[`${tool.replaceAll('-', '_')}_s`] = wall(tool);
  for (const tool of OURS) if (timings[tool]) out[`calibre_over_${tool.replaceAll('-', '_')}`] = over(tool);
  return out;
}

function smallest(rows: Record<string, unknown>[], key: string) {
  const ratios = rows
    .filter((row) => typeof row[key] === 'number')
    .sort((a, b) => (a[key] as number) - (b[key] as number));
  const [row] = ratios;
  return row ? { ratio: row[key], book: row.book, to: row.to } : null;
}

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
