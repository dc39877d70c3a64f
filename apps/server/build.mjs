// Compiles the server for production: dist/main.mjs, one ES module with the workspace packages
// (contract, ebook, translator: TypeScript sources) bundled in and every npm dependency left to
// node_modules, plus dist/sandbox-worker.mjs, the book sandbox's child process; the SQL migrations are
// copied beside them. `npm start` runs it with node (decision 182).
// Usage: node apps/server/build.mjs
import { cpSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
export const outfile = path.join(dist, 'main.mjs');

/** npm packages stay external (resolved from node_modules at run time); workspace packages are bundled. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@booktranslate/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  // Build into a private folder, then rename into place: a running server never reads half a file.
  const temp = path.join(dist, `.build-${process.pid}-${Date.now()}`);
  await build({
    // The book sandbox's child process is an entry of its own: main.ts points the sandbox at it.
    entryPoints: {
      main: path.join(here, 'src', 'main.ts'),
      'sandbox-worker': path.join(
        here,
        '..',
        '..',
        'packages',
        'ebook',
        'src',
        'sandbox',
        'sandbox-worker.ts',
      ),
    },
    outdir: temp,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'error',
    plugins: [externalNpmPackages],
  });
  mkdirSync(dist, { recursive: true });
  // The migrations too are copied aside first: a server starting meanwhile finds the old or the new set.
  cpSync(path.join(here, 'src', 'db', 'migrations'), path.join(temp, 'migrations'), { recursive: true });
  rmSync(path.join(dist, 'migrations'), { recursive: true, force: true });
  renameSync(path.join(temp, 'migrations'), path.join(dist, 'migrations'));
  for (const name of ['sandbox-worker.mjs', 'sandbox-worker.mjs.map'])
    renameSync(path.join(temp, name), path.join(dist, name));
  renameSync(path.join(temp, 'main.mjs.map'), `${outfile}.map`);
  renameSync(path.join(temp, 'main.mjs'), outfile);
  rmSync(temp, { recursive: true, force: true });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`built ${path.relative(process.cwd(), outfile)}`);
}
