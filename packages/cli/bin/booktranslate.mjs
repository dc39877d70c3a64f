#!/usr/bin/env node
// Runs the bundled CLI; builds it first when dist/ is missing or older than the sources it bundles
// (a stat of ~100 files, about a millisecond), so a fresh clone or an edit needs no build step.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(cli, 'dist', 'booktranslate.mjs');
const sources = ['cli/src', 'ebook/src', 'translator/src', 'contract/src'].map((dir) =>
  path.join(cli, '..', dir),
);

function newestSource(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const stale = !existsSync(bundle) || sources.some((dir) => newestSource(dir) > statSync(bundle).mtimeMs);
if (stale) {
  const { buildCli } = await import(pathToFileURL(path.join(cli, 'build.mjs')).href);
  await buildCli();
}
await import(pathToFileURL(bundle).href);
