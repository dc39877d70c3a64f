// Bundles the CLI into one ES module so the bin starts without transpiling TypeScript.
// Usage: node packages/cli/build.mjs   (also run by the bin when dist/ is missing or stale)
import { renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
export const outfile = path.join(here, 'dist', 'booktranslate.mjs');

export async function buildCli() {
  // Build to a private name and rename: parallel first runs never see a half-written bundle.
  const temp = `${outfile}.${process.pid}.tmp`;
  await build({
    entryPoints: [path.join(here, 'src', 'main.ts')],
    outfile: temp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'error',
    // Bundled CommonJS dependencies (chardet) call require(); give the ES module one.
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
  renameSync(temp, outfile);
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli();
  console.log(`built ${path.relative(process.cwd(), outfile)}`);
}
