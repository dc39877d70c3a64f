import type { Book, BookFormat } from '../model';
import type { ReadOptions, WriteOptions } from '../options';
import type { SandboxChild } from './sandbox-child';
import { acquireChild } from './sandbox-pool';
import type { BookSummary } from './sandbox-protocol';
import { readSeconds, type SandboxLane } from './sandbox-settings';

/** A book read in a child process with a memory and time budget; write it there, then close it. */
export interface BookSandbox {
  /** The book as read, without its source bytes and resources: those stay in the sandbox. */
  readonly book: Book;
  /** Writes `book` (this one, or a translated copy) with the sandbox's source and resources. */
  write(book: Book, format: BookFormat, options?: WriteOptions): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** What a sandboxed read accepts: the reader's options and the lane of slots it waits in. */
export interface SandboxReadOptions extends ReadOptions {
  /** 'quote' waits for the quotes' own slots, never for those of uploads and the pipeline. */
  lane?: SandboxLane;
  /** Send back the book's raster images (JPEG, PNG, GIF, WebP), up to this many bytes in all. */
  imageBytes?: number;
}

/**
 * Reads a book in a child process. A book that needs more memory or time than the budget, or kills
 * its child any other way, is an EbookError 'resource-limit'; every other refusal keeps its own
 * code. The caller's process never runs the parser or the writers, so a hostile file can cost only
 * its own child, never crash the caller.
 * @example const sandbox = await openBookSandbox(bytes, { filename: 'a.epub' });
 * try { await sandbox.write(translated, 'fb2') } finally { await sandbox.close() }
 */
export async function openBookSandbox(
  bytes: Uint8Array,
  options: SandboxReadOptions = {},
): Promise<BookSandbox> {
  const { lane, imageBytes, ...readOptions } = options;
  const { child, release } = await acquireChild(lane);
  try {
    const reply = await open(child, bytes, readOptions, { images: imageBytes });
    const book = (reply as { book: Book }).book;
    return {
      book,
      write: async (next, format, writeOptions = {}) => {
        const written = await child.request({ type: 'write', book: next, format, options: writeOptions });
        return (written as { bytes: Uint8Array }).bytes;
      },
      close: release,
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/** Reads a book in a sandbox and returns it whole (without source bytes; resources only as asked). */
export async function readBookSandboxed(bytes: Uint8Array, options: SandboxReadOptions = {}): Promise<Book> {
  const sandbox = await openBookSandbox(bytes, options);
  await sandbox.close();
  return sandbox.book;
}

/** Checks a book in a sandbox and returns only its metadata, word count and cover (for uploads). */
export async function inspectBookSandboxed(
  bytes: Uint8Array,
  options: SandboxReadOptions = {},
): Promise<BookSummary> {
  const { lane, imageBytes: _none, ...readOptions } = options;
  const { child, release } = await acquireChild(lane);
  try {
    return ((await open(child, bytes, readOptions, { summary: true })) as { summary: BookSummary }).summary;
  } finally {
    await release();
  }
}

/**
 * Reads a book and writes it as `format` in one sandbox, the book never leaving the child (a
 * conversion needs only the bytes written; sending the book out and back costs as much as reading it).
 * @example const fb2 = await convertBookSandboxed(bytes, 'fb2', { filename: 'a.epub' }, { layout: 'translated' });
 */
export async function convertBookSandboxed(
  bytes: Uint8Array,
  format: BookFormat,
  options: SandboxReadOptions = {},
  writeOptions: WriteOptions = {},
): Promise<Uint8Array> {
  const { lane, imageBytes: _none, ...readOptions } = options;
  const { child, release } = await acquireChild(lane);
  try {
    await open(child, bytes, readOptions, { bookless: true });
    const written = await child.request({ type: 'write', book: null, format, options: writeOptions });
    return (written as { bytes: Uint8Array }).bytes;
  } finally {
    await release();
  }
}

/** Books larger than this cross to the child in pieces of this size. */
const PIECE_BYTES = 8 * 1024 * 1024;

async function open(
  child: SandboxChild,
  given: Uint8Array,
  options: ReadOptions,
  answer: { summary?: true; bookless?: true; images?: number | undefined },
) {
  // A plain view of the same memory: a Buffer would arrive as a Buffer, whose slice() is no copy.
  const bytes = new Uint8Array(given.buffer, given.byteOffset, given.byteLength);
  // The channel copies a message whole on each side: a large book crosses in pieces, each taken
  // before the next is sent, so neither process holds it twice over (a view sends only its bytes).
  let at = 0;
  for (; bytes.length - at > PIECE_BYTES; at += PIECE_BYTES)
    await child.request({ type: 'part', bytes: bytes.subarray(at, at + PIECE_BYTES), total: bytes.length });
  return child.request(
    {
      type: 'open',
      bytes: bytes.subarray(at),
      options,
      summary: answer.summary === true,
      ...(answer.bookless ? { bookless: true as const } : {}),
      ...(answer.images ? { images: answer.images } : {}),
    },
    readSeconds(bytes.length, child.settings.seconds),
  );
}
