import { Worker } from 'node:worker_threads';
import { EbookError } from '../errors';
import type { Book, BookFormat } from '../model';
import type { ReadOptions, WriteOptions } from '../options';
import type { BookSummary, SandboxReply, SandboxRequest } from './sandbox-protocol';
import { type SandboxSettings, sandboxSettings } from './sandbox-settings';
import { takeSandboxSlot } from './sandbox-slots';

/** A book read in a worker thread with a memory and time budget; write it there, then close it. */
export interface BookSandbox {
  /** The book as read, without its source bytes and resources: those stay in the sandbox. */
  readonly book: Book;
  /** Writes `book` (this one, or a translated copy) with the sandbox's source and resources. */
  write(book: Book, format: BookFormat, options?: WriteOptions): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * Reads a book in a worker thread. A book that needs more memory or time than the budget is an
 * EbookError 'resource-limit'; every other refusal keeps its own code. The caller's process never
 * runs the parser, so a hostile file can slow only its own worker, never crash the caller.
 * @example const sandbox = await openBookSandbox(bytes, { filename: 'a.epub' });
 * try { await sandbox.write(translated, 'fb2') } finally { await sandbox.close() }
 */
export async function openBookSandbox(bytes: Uint8Array, options: ReadOptions = {}): Promise<BookSandbox> {
  const worker = await SandboxWorker.start();
  try {
    const reply = await worker.request(openRequest(bytes, options, false));
    const book = (reply as { book: Book }).book;
    return {
      book,
      write: async (next, format, writeOptions = {}) => {
        const written = await worker.request({ type: 'write', book: next, format, options: writeOptions });
        return (written as { bytes: Uint8Array }).bytes;
      },
      close: () => worker.close(),
    };
  } catch (error) {
    await worker.close();
    throw error;
  }
}

/** Reads a book in a sandbox and returns it whole (without source bytes and resources). */
export async function readBookSandboxed(bytes: Uint8Array, options: ReadOptions = {}): Promise<Book> {
  const sandbox = await openBookSandbox(bytes, options);
  await sandbox.close();
  return sandbox.book;
}

/** Checks a book in a sandbox and returns only its metadata, word count and cover (for uploads). */
export async function inspectBookSandboxed(
  bytes: Uint8Array,
  options: ReadOptions = {},
): Promise<BookSummary> {
  const worker = await SandboxWorker.start();
  try {
    return ((await worker.request(openRequest(bytes, options, true))) as { summary: BookSummary }).summary;
  } finally {
    await worker.close();
  }
}

function openRequest(bytes: Uint8Array, options: ReadOptions, summary: boolean): SandboxRequest {
  // A copy of exactly these bytes moves to the worker (a view would clone its whole buffer).
  return { type: 'open', bytes: bytes.slice(), options, summary };
}

/** One worker thread, one request at a time, each with the deadline. */
class SandboxWorker {
  readonly #worker: Worker;
  readonly #settings: SandboxSettings;
  readonly #release: () => void;
  #pending: { resolve(reply: SandboxReply): void; reject(error: Error): void } | null = null;
  #ended: Error | null = null;

  private constructor(settings: SandboxSettings, release: () => void) {
    this.#settings = settings;
    this.#release = release;
    this.#worker = spawn(settings);
    this.#worker.on('message', (reply: SandboxReply) => this.#settle(null, reply));
    this.#worker.on('error', (error) => this.#end(workerFailure(error, settings)));
    this.#worker.on('exit', () => this.#end(stopped('The book reader stopped unexpectedly')));
  }

  static async start(): Promise<SandboxWorker> {
    const release = await takeSandboxSlot();
    return new SandboxWorker(sandboxSettings(), release);
  }

  request(request: SandboxRequest): Promise<SandboxReply> {
    if (this.#ended) return Promise.reject(this.#ended);
    const { seconds } = this.#settings;
    return new Promise<SandboxReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#end(stopped(`Reading the book took longer than ${seconds} s`));
        void this.#worker.terminate();
      }, seconds * 1000);
      this.#pending = {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const transfer = request.type === 'open' ? [request.bytes.buffer as ArrayBuffer] : [];
      this.#worker.postMessage(request, transfer);
    }).then((reply) => {
      if (reply.type !== 'error') return reply;
      throw fromReply(reply.error);
    });
  }

  async close(): Promise<void> {
    this.#end(stopped('The book sandbox is closed'));
    await this.#worker.terminate();
  }

  #settle(error: Error | null, reply?: SandboxReply): void {
    const pending = this.#pending;
    this.#pending = null;
    if (!pending) return;
    if (error) pending.reject(error);
    else pending.resolve(reply as SandboxReply);
  }

  #end(error: Error): void {
    if (!this.#ended) {
      this.#ended = error;
      this.#release();
    }
    this.#settle(this.#ended);
  }
}

function spawn(settings: SandboxSettings): Worker {
  const resourceLimits = {
    maxOldGenerationSizeMb: settings.memoryMb,
    maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(settings.memoryMb / 8))),
    stackSizeMb: 4,
  };
  if (!settings.workerUrl.pathname.endsWith('.ts')) return new Worker(settings.workerUrl, { resourceLimits });
  return new Worker(new URL('./load-ts-worker.mjs', import.meta.url), {
    resourceLimits,
    workerData: { entry: settings.workerUrl.href },
  });
}

function stopped(message: string): EbookError {
  return new EbookError('resource-limit', message);
}

function workerFailure(error: Error, settings: SandboxSettings): Error {
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
    return stopped(`Reading the book needs more than ${settings.memoryMb} MiB of memory`);
  // Anything else is the sandbox failing to start or a bug, not a verdict on the book.
  return error;
}

function fromReply(error: { name: string; code?: string; message: string; details?: unknown }): Error {
  if (error.code)
    return new EbookError(error.code as EbookError['code'], error.message, error.details as never);
  if (error.name === 'RangeError' && /call stack/i.test(error.message))
    return new EbookError('too-complex', 'The book is nested too deeply to read');
  return Object.assign(new Error(error.message), { name: error.name });
}
