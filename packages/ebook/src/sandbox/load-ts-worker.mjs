// Starts a worker written in TypeScript when running from sources (tests, `tsx`): the worker thread
// gets its own module loader, so it registers tsx before importing the entry the parent named.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
