// Bundles the CLI so the bin starts without transpiling TypeScript: dist/booktranslate.mjs plus
// dist/chunks/ for code only some commands load (translate's engines), split off by esbuild.
// Usage: node packages/cli/build.mjs   (also run by the bin when dist/ is missing or stale)
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
export const outfile = path.join(dist, 'booktranslate.mjs');

export async function buildCli() {
  // Build into a private folder, then move chunks (content-hashed names) and the entry last, each
  // with an atomic rename: a parallel first run never imports a half-written file.
  const temp = path.join(dist, `.build-${process.pid}-${Date.now()}`);
  await build({
    // The book sandbox's child process is an entry of its own: main.ts points the sandbox at it.
    entryPoints: {
      booktranslate: path.join(here, 'src', 'main.ts'),
      'sandbox-worker': path.join(here, '..', 'ebook', 'src', 'sandbox', 'sandbox-worker.ts'),
    },
    outdir: temp,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'error',
    // Bundled CommonJS dependencies (chardet) call require(); give the ES modules one.
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
  mkdirSync(path.join(dist, 'chunks'), { recursive: true });
  for (const chunk of readdirSync(path.join(temp, 'chunks'), { withFileTypes: true })) {
    if (chunk.isFile())
      renameSync(path.join(temp, 'chunks', chunk.name), path.join(dist, 'chunks', chunk.name));
  }
  renameSync(path.join(temp, 'sandbox-worker.mjs'), path.join(dist, 'sandbox-worker.mjs'));
  renameSync(path.join(temp, 'booktranslate.mjs'), outfile);
  rmSync(temp, { recursive: true, force: true });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli();
  console.log(`built ${path.relative(process.cwd(), outfile)}`);
}
