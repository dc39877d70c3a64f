import type { Book, BookFormat } from '../model';
import type { ReadOptions, WriteOptions } from '../options';
import { acquireThread } from './sandbox-pool';
import type { BookSummary } from './sandbox-protocol';
import type { SandboxThread } from './sandbox-thread';

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
  const { thread, release } = await acquireThread();
  try {
    const reply = await open(thread, bytes, options, false);
    const book = (reply as { book: Book }).book;
    return {
      book,
      write: async (next, format, writeOptions = {}) => {
        const written = await thread.request({ type: 'write', book: next, format, options: writeOptions });
        return (written as { bytes: Uint8Array }).bytes;
      },
      close: release,
    };
  } catch (error) {
    await release();
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
  const { thread, release } = await acquireThread();
  try {
    return ((await open(thread, bytes, options, true)) as { summary: BookSummary }).summary;
  } finally {
    await release();
  }
}

function open(thread: SandboxThread, bytes: Uint8Array, options: ReadOptions, summary: boolean) {
  // A copy of exactly these bytes moves to the worker (a view would clone its whole buffer).
  const copy = bytes.slice();
  return thread.request({ type: 'open', bytes: copy, options, summary }, [copy.buffer as ArrayBuffer]);
}
