import { runCli } from './run-cli';

// The bin's entry point (bundled into dist/booktranslate.mjs).
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
