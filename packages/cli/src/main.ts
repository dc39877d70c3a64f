import module from 'node:module';

// The bin's entry point (bundled into dist/booktranslate.mjs). V8's on-disk code cache (Node 22.1+)
// is switched on before the bundle's chunks load, so later runs skip compiling them.
module.enableCompileCache?.();
const argv = process.argv.slice(2);
const { configureSandbox, prestartSandbox } = await import('@booktranslate/ebook/sandbox');
// Bundled, the sandbox's worker is dist/sandbox-worker.mjs beside this file; from sources it is the
// TypeScript file the sandbox finds by itself.
if (import.meta.url.endsWith('.mjs'))
  configureSandbox({ workerUrl: new URL('./sandbox-worker.mjs', import.meta.url) });
// A command that reads a book forks the sandbox's child now, before loading its own code: node's
// start and the child's loading of its reader and writer run beside this process's (decision 303).
const hint = (await import('./sandbox-hint')).sandboxHint(argv);
if (hint) prestartSandbox(hint);
const { runCli } = await import('./run-cli');
process.exitCode = await runCli(argv, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
