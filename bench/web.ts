/**
 * Landing page weight: builds apps/web and sums the gzip size of the JavaScript a first visit to /
 * downloads (the entry chunk and its static imports; lazy routes are excluded). Budget: 120 KB gzip.
 *
 *   npm run bench:web            # build, then measure
 *   npm run bench:web -- --no-build
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { answerHelp } from './usage';

answerHelp(
  'Usage: npm run bench:web [-- --no-build]\n\nBuilds apps/web (unless --no-build) and sums the gzip size of the JavaScript a first visit to /\ndownloads; fails over the 120 KB budget.',
);

const BUDGET_KB = 120;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');

if (!process.argv.includes('--no-build')) {
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [
  ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
].map((m) => m[1] as string);
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)].map(
  (m) => m[1] as string,
);

// Follow static imports only (`import ... from "./x.js"` and `import "./x.js"`), never `import("./x.js")`.
const seen = new Set<string>();
const queue = [...entries];
while (queue.length > 0) {
  const file = queue.pop() as string;
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g))
    queue.push(join(dirname(file), m[1] as string));
}

const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const rows = [...seen].map((f) => ({ file: f, raw: readFileSync(join(dist, f)).length, gzip: gz(f) }));
const jsKb = rows.reduce((s, r) => s + r.gzip, 0) / 1024;
const cssKb = css.reduce((s, f) => s + gz(f), 0) / 1024;

for (const r of rows)
  console.log(
    `${r.file.padEnd(40)} ${(r.raw / 1024).toFixed(1).padStart(7)} KB  ${(r.gzip / 1024).toFixed(1).padStart(6)} KB gzip`,
  );
console.log(
  `landing initial JS: ${jsKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB) in ${rows.length} files; CSS ${cssKb.toFixed(1)} KB gzip`,
);
if (jsKb > BUDGET_KB) {
  console.error('over budget');
  process.exitCode = 1;
}
