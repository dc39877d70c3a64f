/** How much one book may take while it is read or written, and how many are read at once. */
export interface SandboxSettings {
  /** V8 heap of the child process that reads one book, in MiB (old generation). */
  memoryMb: number;
  /** Each read or write must answer within this many seconds, else the child is killed. */
  seconds: number;
  /** Sandboxes open at the same time in this process (the default lane); more wait for a free slot. */
  concurrency: number;
  /** Sandboxes open at the same time for quotes, a lane of their own beside `concurrency`. */
  quoteConcurrency: number;
  /** The child's entry: the TypeScript source, or a bundled `.mjs` (the CLI and server set theirs). */
  workerUrl: URL;
}

/** Which slots a book waits for: quotes never take those of uploads and the pipeline. */
export type SandboxLane = 'default' | 'quote';

// Every book in the corpus (the largest: Besy, 199,000 words) is read and written within 24 MiB of
// heap; dense markup costs about 2.5 KiB per block, so 160 MiB holds some 50,000 blocks.
let settings: SandboxSettings = {
  memoryMb: 160,
  seconds: 30,
  concurrency: 2,
  quoteConcurrency: 1,
  workerUrl: new URL('./sandbox-worker.ts', import.meta.url),
};

/** Changes the process-wide sandbox settings (the server from its config, the CLI for its bundle). */
export function configureSandbox(changes: Partial<SandboxSettings>): void {
  settings = { ...settings, ...changes };
}

export function sandboxSettings(): SandboxSettings {
  return settings;
}

/** A file of this many bytes earns the reading time of one more small book (see readSeconds). */
const BYTES_PER_ALLOWANCE = 32 << 20;
/** The most reading time any book earns, as a multiple of `seconds`. */
const MAX_ALLOWANCES = 4;

/**
 * Seconds a book of `size` bytes may take to read: `seconds` for a small book, one more `seconds`
 * per 32 MiB, at most four times `seconds` (30 s, 124 s for 100 MB capped at 120 s). A PDF is read
 * at a few milliseconds a page, so a 100 MB one of 7,000 pages needs more than a small book's
 * bound; a hostile small file still has only `seconds` (decision 262).
 * @example readSeconds(100 << 20, 30) // 120
 */
export function readSeconds(size: number, seconds = settings.seconds): number {
  return Math.round(seconds * Math.min(MAX_ALLOWANCES, 1 + size / BYTES_PER_ALLOWANCE));
}
