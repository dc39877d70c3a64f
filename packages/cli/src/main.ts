import module from 'node:module';

// The bin's entry point (bundled into dist/booktranslate.mjs). V8's on-disk code cache (Node 22.1+)
// is switched on before the bundle's chunks load, so later runs skip compiling them.
module.enableCompileCache?.();
// Bundled, the sandbox's worker is dist/sandbox-worker.mjs beside this file; from sources it is the
// TypeScript file the sandbox finds by itself.
if (import.meta.url.endsWith('.mjs')) {
  const { configureSandbox } = await import('@booktranslate/ebook/sandbox');
  configureSandbox({ workerUrl: new URL('./sandbox-worker.mjs', import.meta.url) });
}
const { runCli } = await import('./run-cli');
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
