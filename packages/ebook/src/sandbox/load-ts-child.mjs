// Starts the sandbox's child process from TypeScript sources (tests, `tsx`): registers tsx in the
// child, then imports the entry the parent named as the first argument. The bundles (CLI, server)
// fork their compiled `sandbox-worker.mjs` directly and never load this file.
import { tsImport } from 'tsx/esm/api';

await tsImport(process.argv[2], import.meta.url);
