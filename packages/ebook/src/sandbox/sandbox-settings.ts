/** How much one book may take while it is read or written, and how many are read at once. */
export interface SandboxSettings {
  /** V8 heap of the worker thread, in MiB (old generation; the young one is capped at 32). */
  memoryMb: number;
  /** Each read or write must answer within this many seconds, else the worker is stopped. */
  seconds: number;
  /** Sandboxes open at the same time in this process; more wait for a free slot. */
  concurrency: number;
  /** The worker's entry: the TypeScript source, or a bundled `.mjs` (the CLI sets its own). */
  workerUrl: URL;
}

// Every book in the corpus (the largest: Besy, 199,000 words) is read and written within 24 MiB of
// heap; dense markup costs about 2.5 KiB per block, so 160 MiB holds some 50,000 blocks.
let settings: SandboxSettings = {
  memoryMb: 160,
  seconds: 30,
  concurrency: 2,
  workerUrl: new URL('./sandbox-worker.ts', import.meta.url),
};

/** Changes the process-wide sandbox settings (the server from its config, the CLI for its bundle). */
export function configureSandbox(changes: Partial<SandboxSettings>): void {
  settings = { ...settings, ...changes };
}

export function sandboxSettings(): SandboxSettings {
  return settings;
}
